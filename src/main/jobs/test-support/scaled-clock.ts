import { setTimeout as delay } from 'node:timers/promises'

export interface Clock {
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
}

/** Real time, with sleeps that end early (by rejecting) when their signal aborts. */
export const realClock: Clock = {
  now: Date.now,
  sleep: (ms, signal) => delay(ms, undefined, signal === undefined ? {} : { signal })
}

/**
 * Real time running `factor` times faster: a 60-second rate window passes in 60/factor real
 * seconds. Give the same clock to the Demo API, the token manager, the client and the runner so
 * they agree on every deadline, while sockets and latency stay real.
 */
export function createScaledClock(factor: number, start: number = Date.now()): Clock {
  const realStart = performance.now()
  return {
    now: () => Math.round(start + (performance.now() - realStart) * factor),
    sleep: (ms, signal) => realClock.sleep(ms / factor, signal)
  }
}
