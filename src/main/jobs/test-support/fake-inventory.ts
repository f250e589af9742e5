import { AppError, type ErrorCode } from '../../../shared/domain/app-error'
import type { InventoryItem } from '../../../shared/domain/line-result'
import type { SearchCall } from '../job-invariant'
import type { RateLimitInfo } from '../retry-policy'
import type { FakeClock } from './fake-clock'

/** Shaped like the inventory client's errors: an AppError that says what kind of fault it was. */
export class FakeApiError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    status: number | undefined,
    readonly kind: 'throttled' | 'server' | 'timeout' | 'network' | 'client' | 'auth' | 'cancelled',
    readonly retryable: boolean,
    readonly rateLimit?: RateLimitInfo
  ) {
    super(code, message, status)
  }
}

export const faults = {
  server: () => new FakeApiError('server_error', 'An internal server error has occurred.', 500, 'server', true),
  badRequest: () => new FakeApiError('bad_request', 'Invalid parameter.', 400, 'client', false),
  auth: () => new FakeApiError('not_subscribed', 'The consumer id is not subscribed to the service name.', 403, 'auth', false),
  throttled: (rateLimit: RateLimitInfo) => new FakeApiError('throttled', 'Too Many Requests', 429, 'throttled', true, rateLimit)
}

export interface FakeCall extends SearchCall {
  at: number
  signal: AbortSignal
}

export interface FakeInventoryOptions {
  clock: FakeClock
  latencyMs?: number
  /** Which values the store carries; the others come back missing from the response. */
  carries?: (value: string) => boolean
  /** Decides each call's fate: an error to throw, or rate figures to send with the answer. */
  script?: (call: FakeCall, index: number) => AppError | RateLimitInfo | undefined
}

export function inventoryItem(gtin: string | null, wmItemNumber: string | null): InventoryItem {
  return {
    gtin,
    wm_item_number: wmItemNumber,
    supplier_name: 'Demo Supplier',
    store_nbr: 1234,
    inventory_locations: [{ location_area: 'store', state: 'available', quantity: 2 }],
    total_quantity: 2,
    raw: { gtin }
  }
}

/** A stand-in for the inventory client, timed by the fake clock, that records every call. */
export function createFakeInventory(options: FakeInventoryOptions) {
  const calls: FakeCall[] = []
  let inFlight = 0
  let maxInFlight = 0
  const carries = options.carries ?? (() => true)

  return {
    calls,
    maxInFlight: () => maxInFlight,
    async searchBatch(
      _target: unknown,
      request: { storeNbr: number; itemType: 'gtin' | 'wm_item_number'; values: string[]; signal?: AbortSignal }
    ): Promise<{ items: InventoryItem[]; rateLimit: RateLimitInfo; tokenRefreshed: boolean }> {
      const signal = request.signal ?? new AbortController().signal
      const call: FakeCall = { values: [...request.values], answered: false, at: options.clock.now(), signal }
      const index = calls.push(call) - 1
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      try {
        await options.clock.sleep(options.latencyMs ?? 100, signal)
        if (signal.aborted) throw new FakeApiError('cancelled', 'The lookup was cancelled.', undefined, 'cancelled', false)
        const fate = options.script?.(call, index)
        if (fate instanceof AppError) throw fate
        call.answered = true
        const items = request.values
          .filter(carries)
          .reverse()
          .map((value) =>
            request.itemType === 'gtin' ? inventoryItem(value.replace(/^0+/, ''), null) : inventoryItem(null, value.replace(/^0+/, ''))
          )
        return { items, rateLimit: fate ?? { remaining: null, resetAt: null, retryAfterMs: null }, tokenRefreshed: false }
      } finally {
        inFlight -= 1
      }
    }
  }
}
