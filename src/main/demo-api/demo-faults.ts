import { seededRandom, type RandomSource } from './demo-random'

export interface DemoFaults {
  /** Added to every search response, error responses included. */
  latencyMs: number
  tokenLatencyMs: number
  /**
   * Searches allowed per rate window; null = unlimited. An exhausted window answers 429 with
   * `Retry-After`; which figures the answers carry is `rateLimitHeaders`.
   */
  rateLimitPerWindow: number | null
  /** The rate window's length; windows are aligned to whole multiples of it on the clock, as "N per minute" is. */
  rateWindowMs: number
  /**
   * Epoch ms at which one window starts; the others follow at whole multiples of `rateWindowMs` from
   * it. 0 aligns them to the clock, as "N per minute" is; a test on the real clock that needs a window
   * of known length ahead of it sets its own start time.
   */
  rateWindowOriginMs: number
  /**
   * `all`: every search answer carries `X-Current-Token-Count` and `X-Next-Replenishment-Time`, and a
   * 429 `Retry-After` too; `retry_after`: only a 429's `Retry-After`; `none`: a bare 429, so a client
   * must find the rate by itself.
   */
  rateLimitHeaders: RateLimitHeaders
  /** Probability (0..1) that an authorised, well-formed search answers 500 or 503. */
  serverErrorRate: number
  /** Probability (0..1) that the socket is destroyed without any response. */
  dropConnectionRate: number
  /** Probability (0..1) that a 200 search answer carries a truncated or otherwise invalid JSON body. */
  malformedBodyRate: number
  tokenLifetimeSeconds: number
  /**
   * After this many searches (counted from when it is set), every further search is held without an
   * answer, as by a backend that hangs, until its client gives up or the server closes; null: none is
   * held. A test on the real clock then has a lookup with its first answers in and the rest in flight,
   * however fast the lookup would otherwise have sent and finished them.
   */
  holdSearchesAfter: number | null
  /** Seeds the fault dice; setting it again restarts the same sequence of decisions. */
  seed: number
  /**
   * Optional, default false: when every requested value is unmapped, answer 404
   * "A requested GTIN is not mapped to the Supplier." instead of 200 with no items.
   */
  notMappedError?: boolean
}

export type RateLimitHeaders = 'all' | 'retry_after' | 'none'
const RATE_LIMIT_HEADERS: readonly RateLimitHeaders[] = ['all', 'retry_after', 'none']

export const DEFAULT_DEMO_FAULTS: Readonly<Required<DemoFaults>> = {
  latencyMs: 0,
  tokenLatencyMs: 0,
  rateLimitPerWindow: null,
  rateWindowMs: 60_000,
  rateWindowOriginMs: 0,
  rateLimitHeaders: 'all',
  serverErrorRate: 0,
  dropConnectionRate: 0,
  malformedBodyRate: 0,
  tokenLifetimeSeconds: 900,
  holdSearchesAfter: null,
  seed: 1,
  notMappedError: false
}

/** Merges a patch into the current faults, refusing values that would make the simulator lie. */
export function mergeFaults(current: Required<DemoFaults>, patch: Partial<DemoFaults>): Required<DemoFaults> {
  const next: Required<DemoFaults> = { ...current }
  for (const [key, value] of Object.entries(patch) as [keyof DemoFaults, unknown][]) {
    if (value !== undefined) Object.assign(next, { [key]: value })
  }
  requireNumber('latencyMs', next.latencyMs, 0, 600_000)
  requireNumber('tokenLatencyMs', next.tokenLatencyMs, 0, 600_000)
  if (next.rateLimitPerWindow !== null) {
    requireNumber('rateLimitPerWindow', next.rateLimitPerWindow, 1, 1_000_000)
    if (!Number.isInteger(next.rateLimitPerWindow)) throw new RangeError('rateLimitPerWindow must be a whole number or null.')
  }
  requireNumber('rateWindowMs', next.rateWindowMs, 100, 3_600_000)
  if (!Number.isInteger(next.rateWindowMs)) throw new RangeError('rateWindowMs must be a whole number of milliseconds.')
  requireNumber('rateWindowOriginMs', next.rateWindowOriginMs, 0, Number.MAX_SAFE_INTEGER)
  if (!Number.isInteger(next.rateWindowOriginMs)) throw new RangeError('rateWindowOriginMs must be a whole number of milliseconds.')
  if (!RATE_LIMIT_HEADERS.includes(next.rateLimitHeaders))
    throw new RangeError(`rateLimitHeaders must be one of ${RATE_LIMIT_HEADERS.join(', ')}.`)
  requireNumber('serverErrorRate', next.serverErrorRate, 0, 1)
  requireNumber('dropConnectionRate', next.dropConnectionRate, 0, 1)
  requireNumber('malformedBodyRate', next.malformedBodyRate, 0, 1)
  requireNumber('tokenLifetimeSeconds', next.tokenLifetimeSeconds, 1, 86_400 * 365)
  if (next.holdSearchesAfter !== null) {
    requireNumber('holdSearchesAfter', next.holdSearchesAfter, 0, Number.MAX_SAFE_INTEGER)
    if (!Number.isInteger(next.holdSearchesAfter)) throw new RangeError('holdSearchesAfter must be a whole number or null.')
  }
  requireNumber('seed', next.seed, -(2 ** 53), 2 ** 53)
  if (typeof next.notMappedError !== 'boolean') throw new RangeError('notMappedError must be true or false.')
  return next
}

function requireNumber(name: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a number from ${min} to ${max}.`)
  }
}

export type SearchFault =
  | { kind: 'none' }
  | { kind: 'drop' }
  | { kind: 'server_error'; status: 500 | 503 }
  | { kind: 'malformed'; variant: 'truncated' | 'trailing_garbage' }

export interface FaultDice {
  /**
   * One decision per search that reaches the fault stage. Faults are tried in the order
   * drop, server error, malformed body; each rate applies when the earlier ones did not fire.
   * Every roll draws the same count of numbers, so changing one rate does not reshuffle the others.
   */
  roll(faults: DemoFaults): SearchFault
  reseed(seed: number): void
}

export function createFaultDice(seed: number): FaultDice {
  let random: RandomSource = seededRandom(seed)
  return {
    roll(faults) {
      const drop = random()
      const error = random()
      const malformed = random()
      const variant = random()
      if (drop < faults.dropConnectionRate) return { kind: 'drop' }
      if (error < faults.serverErrorRate) return { kind: 'server_error', status: variant < 0.5 ? 500 : 503 }
      if (malformed < faults.malformedBodyRate) {
        return { kind: 'malformed', variant: variant < 0.7 ? 'truncated' : 'trailing_garbage' }
      }
      return { kind: 'none' }
    },
    reseed(next) {
      random = seededRandom(next)
    }
  }
}
