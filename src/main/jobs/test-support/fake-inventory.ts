import { AppError } from '../../../shared/domain/app-error'
import type { InventoryItem } from '../../../shared/domain/line-result'
import { InventoryApiError, type RateLimit } from '../../inventory/inventory-client'
import { answersFor, type SearchAnswers } from '../../inventory/search-reply'
import { valueList, type SearchValues } from '../../inventory/search-request'
import type { SearchCall } from '../job-invariant'
import type { FakeClock } from './fake-clock'

/** The inventory client's own errors, as it throws them. */
export const faults = {
  server: () =>
    new InventoryApiError('server_error', 'An internal server error has occurred.', { kind: 'server', retryable: true, status: 500 }),
  badRequest: () => new InventoryApiError('bad_request', 'Invalid parameter.', { kind: 'client', retryable: false, status: 400 }),
  auth: () =>
    new InventoryApiError('not_subscribed', 'The consumer id is not subscribed to the service name.', {
      kind: 'auth',
      retryable: false,
      status: 403
    }),
  throttled: (rateLimit: RateLimit) =>
    new InventoryApiError('throttled', 'Too Many Requests', { kind: 'throttled', retryable: true, status: 429, rateLimit }),
  notMapped: () =>
    new InventoryApiError('not_found', 'The server said: "A requested GTIN is not mapped to the Supplier."', {
      kind: 'client',
      retryable: false,
      status: 404
    }),
  cancelled: () => new InventoryApiError('cancelled', 'The lookup was cancelled.', { kind: 'cancelled', retryable: false })
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
  script?: (call: FakeCall, index: number) => AppError | RateLimit | undefined
}

export function inventoryItem(gtin: string | null, wmItemNumber: string | null, storeNbr = 1234): InventoryItem {
  return {
    gtin,
    wm_item_number: wmItemNumber,
    supplier_name: 'Demo Supplier',
    store_nbr: storeNbr,
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
      request: { storeNbr: number; itemType: 'gtin' | 'wm_item_number'; values: SearchValues; signal?: AbortSignal }
    ): Promise<{ answers: SearchAnswers; rateLimit: RateLimit; tokenRefreshed: boolean }> {
      const signal = request.signal ?? new AbortController().signal
      const values = valueList(request.values)
      const call: FakeCall = { values, answered: false, storeNbr: request.storeNbr, at: options.clock.now(), signal }
      const index = calls.push(call) - 1
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      try {
        await options.clock.sleep(options.latencyMs ?? 100, signal)
        if (signal.aborted) throw faults.cancelled()
        const fate = options.script?.(call, index)
        if (fate instanceof AppError) throw fate
        call.answered = true
        const items = values
          .filter(carries)
          .reverse()
          .map((value) =>
            request.itemType === 'gtin'
              ? inventoryItem(value.replace(/^0+/, ''), null, request.storeNbr)
              : inventoryItem(null, value.replace(/^0+/, ''), request.storeNbr)
          )
        return {
          answers: answersFor({ itemType: request.itemType, values }, items),
          rateLimit: fate ?? { remaining: null, resetAt: null, retryAfterMs: null },
          tokenRefreshed: false
        }
      } finally {
        inFlight -= 1
      }
    }
  }
}
