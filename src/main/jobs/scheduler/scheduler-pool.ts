import { createRateController } from './rate-controller'
import { createRequestScheduler, type RequestScheduler } from './request-scheduler'

/** Requests in flight at once per API client when nobody says otherwise; the scheduler starts below it and finds the rate. */
export const DEFAULT_MAX_CONCURRENCY = 16

export interface SchedulerPoolOptions {
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  random: () => number
  /** Requests in flight at once per API client, at most. */
  maxConcurrency: number
  initialConcurrency?: number
  onUnexpectedError: (error: unknown) => void
}

/**
 * One scheduler per API client (environment, host and client ID): the server's rate limit is the
 * client's, so every lookup against it shares one rate, and lookups against other clients do not wait.
 */
export function createSchedulerPool(options: SchedulerPoolOptions): { forClient(key: string): RequestScheduler } {
  const schedulers = new Map<string, RequestScheduler>()
  return {
    forClient(key) {
      let scheduler = schedulers.get(key)
      if (scheduler === undefined) {
        scheduler = createRequestScheduler({
          controller: createRateController({
            maxConcurrency: options.maxConcurrency,
            ...(options.initialConcurrency === undefined ? {} : { initialConcurrency: options.initialConcurrency }),
            random: options.random
          }),
          now: options.now,
          sleep: options.sleep,
          onUnexpectedError: options.onUnexpectedError
        })
        schedulers.set(key, scheduler)
      }
      return scheduler
    }
  }
}
