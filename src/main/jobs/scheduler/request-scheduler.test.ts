import { afterEach, describe, expect, it } from 'vitest'
import type { RateLimit } from '../../inventory/rate-limit-headers'
import { createFakeClock, type FakeClock } from '../test-support/fake-clock'
import { createRateController, type RateControllerOptions, type SendOutcome } from './rate-controller'
import { createRequestScheduler, type Lane, type RequestScheduler, type Task } from './request-scheduler'

type Answer = { outcome: SendOutcome; rateLimit: RateLimit | null }

/** What the schedulers of the current test reported as bugs; each test ends with none it did not expect. */
const unexpected: unknown[] = []
afterEach(() => {
  expect(unexpected.splice(0)).toEqual([])
})

function schedulerFor(clock: FakeClock, options: Partial<RateControllerOptions> = {}): RequestScheduler {
  return createRequestScheduler({
    controller: createRateController({ maxConcurrency: 16, random: () => 0.5, ...options }),
    now: clock.now,
    sleep: clock.sleep,
    onUnexpectedError: (error) => unexpected.push(error)
  })
}

interface ServerOptions {
  clock: FakeClock
  /** Latency of one answer, given the requests the server is working on (this one included). */
  latencyMs: (inFlight: number) => number
  /** A fixed window, aligned to whole multiples of `windowMs` of the clock, as the Demo API's. */
  perWindow?: number
  windowMs?: number
  /** Send X-Current-Token-Count and X-Next-Replenishment-Time on every answer. */
  figures: boolean
  retryAfter: boolean
  /** Faults by request number: a dropped connection or a 503, after the request was counted. */
  fault?: (request: number) => 'drop' | 'unavailable' | null
}

/** A server with a rate window, timed by the fake clock; it counts requests on arrival, like the Demo API. */
function simulatedServer(options: ServerOptions) {
  const stats = { requests: 0, throttled: 0, faults: 0, inFlight: 0, maxInFlight: 0, answered: 0 }
  let windowStart = Number.NEGATIVE_INFINITY
  let used = 0
  const windowMs = options.windowMs ?? 60_000
  return {
    stats,
    async answer(): Promise<Answer> {
      const now = options.clock.now()
      const request = (stats.requests += 1)
      stats.inFlight += 1
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
      const start = Math.floor(now / windowMs) * windowMs
      if (start !== windowStart) {
        windowStart = start
        used = 0
      }
      const resetAt = start + windowMs
      const limited = options.perWindow !== undefined
      const allowed = !limited || used < (options.perWindow ?? 0)
      if (allowed) used += 1
      const remaining = limited ? Math.max(0, (options.perWindow ?? 0) - used) : null
      const rateLimit: RateLimit = {
        remaining: options.figures ? remaining : null,
        resetAt: options.figures && limited ? resetAt : null,
        retryAfterMs: !allowed && options.retryAfter ? Math.ceil((resetAt - now) / 1000) * 1000 : null
      }
      await options.clock.sleep(options.latencyMs(stats.inFlight))
      stats.inFlight -= 1
      if (!allowed) {
        stats.throttled += 1
        return { outcome: 'throttled', rateLimit }
      }
      const fault = options.fault?.(request) ?? null
      if (fault !== null) {
        stats.faults += 1
        return { outcome: 'failure', rateLimit: fault === 'drop' ? null : rateLimit }
      }
      stats.answered += 1
      return { outcome: 'success', rateLimit }
    }
  }
}

/** Runs `count` tasks through one lane until each has a success, retrying failures in place; resolves with the time taken. */
function runAll(
  clock: FakeClock,
  lane: Lane,
  count: number,
  answer: () => Promise<Answer>,
  orderOf: (index: number) => number[] = (index) => [index]
): Promise<{ wallMs: number; doneAt: number[] }> {
  const startedAt = clock.now()
  const doneAt: number[] = []
  let done = 0
  return new Promise((resolve) => {
    const task = (index: number, notBefore?: number): Task => ({
      order: orderOf(index),
      ...(notBefore === undefined ? {} : { notBefore }),
      async send() {
        const result = await answer()
        if (result.outcome === 'success') {
          doneAt[index] = clock.now()
          done += 1
          if (done === count) resolve({ wallMs: clock.now() - startedAt, doneAt })
        } else {
          // A transient fault waits a moment; a 429 goes again as soon as the scheduler lets it.
          lane.push(task(index, result.outcome === 'failure' ? clock.now() + 250 : undefined))
        }
        return result
      }
    })
    for (let index = 0; index < count; index += 1) lane.push(task(index))
  })
}

/** A fault every so often, deterministic: about 5 % dropped connections and 5 % 503s. */
const someFaults = (request: number): 'drop' | 'unavailable' | null =>
  request % 20 === 7 ? 'drop' : request % 20 === 13 ? 'unavailable' : null

describe('createRequestScheduler: order', () => {
  it('sends a lane’s work in its order, whatever order it was pushed in', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 1, initialConcurrency: 1 })
    const lane = scheduler.openLane()
    const sent: string[] = []
    const done = new Promise<void>((resolve) => {
      const orders = [
        [2, 0],
        [0, 1],
        [1, 0],
        [0, 0],
        [1, 1]
      ]
      let left = orders.length
      for (const order of orders) {
        lane.push({
          order,
          async send() {
            sent.push(order.join('.'))
            await clock.sleep(100)
            if ((left -= 1) === 0) resolve()
            return { outcome: 'success', rateLimit: null }
          }
        })
      }
    })
    await clock.runUntilSettled(done)
    // The first push left at once, before the others were there to be compared with.
    expect(sent).toEqual(['2.0', '0.0', '0.1', '1.0', '1.1'])
  })

  it('serves the lane opened first before later lanes, and a retry before the work behind it', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 2, initialConcurrency: 2 })
    const first = scheduler.openLane()
    const second = scheduler.openLane()
    const sent: string[] = []
    const failedOnce = new Set<string>()
    let left = 8
    const done = new Promise<void>((resolve) => {
      const push = (lane: Lane, name: string, batch: number, notBefore?: number): void =>
        lane.push({
          order: [batch],
          ...(notBefore === undefined ? {} : { notBefore }),
          async send() {
            const label = `${name}${batch}`
            sent.push(label)
            await clock.sleep(100)
            if (label === 'A1' && !failedOnce.has(label)) {
              failedOnce.add(label)
              push(lane, name, batch)
              return { outcome: 'failure', rateLimit: null }
            }
            if ((left -= 1) === 0) resolve()
            return { outcome: 'success', rateLimit: null }
          }
        })
      // The second lane's work is pushed first and starts first, but the first lane goes ahead as soon as it has work.
      for (const batch of [0, 1, 2, 3]) push(second, 'B', batch)
      for (const batch of [0, 1, 2, 3]) push(first, 'A', batch)
    })
    await clock.runUntilSettled(done)
    expect(sent).toEqual(['B0', 'B1', 'A0', 'A1', 'A1', 'A2', 'A3', 'B2', 'B3'])
  })

  it('finishes stores in turn while keeping as many requests in flight as it may', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 8, initialConcurrency: 8 })
    const lane = scheduler.openLane()
    const server = simulatedServer({ clock, latencyMs: () => 100, figures: false, retryAfter: false })
    const stores = 5
    const batchesPerStore = 20
    const storeOf = (index: number): number => Math.floor(index / batchesPerStore)
    const { wallMs, doneAt } = await clock.runUntilSettled(
      runAll(
        clock,
        lane,
        stores * batchesPerStore,
        () => server.answer(),
        (index) => [storeOf(index), index % batchesPerStore]
      )
    )
    const storeDoneAt = Array.from({ length: stores }, (_, store) => Math.max(...doneAt.filter((_, index) => storeOf(index) === store)))
    expect(storeDoneAt).toEqual([...storeDoneAt].sort((a, b) => a - b))
    // The first store is done long before the lookup: it did not wait for the others' batches.
    expect((storeDoneAt[0] ?? 0) - clock.now() + wallMs).toBeLessThan(wallMs / 2)
    expect(server.stats.maxInFlight).toBe(8)
  })
})

describe('createRequestScheduler: rate', () => {
  it('with the server’s figures: within 1.15 x the floor, under 2 % 429s, despite drops and 503s', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 16 })
    const lane = scheduler.openLane()
    const server = simulatedServer({
      clock,
      latencyMs: () => 150,
      perWindow: 50,
      windowMs: 5_000,
      figures: true,
      retryAfter: true,
      fault: someFaults
    })
    const { wallMs } = await clock.runUntilSettled(runAll(clock, lane, 400, () => server.answer()))
    const requests = server.stats.requests
    const floorMs = Math.max((requests / 50) * 5_000, (requests * 150) / 16)
    expect(server.stats.answered).toBe(400)
    expect(wallMs / floorMs).toBeLessThanOrEqual(1.15)
    expect(server.stats.throttled / requests).toBeLessThan(0.02)
  })

  it('without figures, finds the window’s rate from 429s and Retry-After', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 16 })
    const lane = scheduler.openLane()
    const server = simulatedServer({ clock, latencyMs: () => 150, perWindow: 50, windowMs: 5_000, figures: false, retryAfter: true })
    const { wallMs } = await clock.runUntilSettled(runAll(clock, lane, 400, () => server.answer()))
    const floorMs = (400 / 50) * 5_000
    expect(server.stats.answered).toBe(400)
    expect(wallMs / floorMs).toBeLessThanOrEqual(1.15)
    // Each window ends with a 429 for what was in flight when it ran out: the cuts keep that small.
    expect(server.stats.throttled / server.stats.requests).toBeLessThan(0.1)
    expect(scheduler.snapshot(clock.now()).decreases).toBeGreaterThan(0)
  })

  it('without figures or Retry-After, backs off, then tests the water with one request', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 16, baseBackoffMs: 1_000 })
    const lane = scheduler.openLane()
    // 25 a minute, the flat limit a sibling API documents: about one request every 2.4 s.
    const server = simulatedServer({ clock, latencyMs: () => 150, perWindow: 25, windowMs: 60_000, figures: false, retryAfter: false })
    const { wallMs } = await clock.runUntilSettled(runAll(clock, lane, 100, () => server.answer()))
    expect(server.stats.answered).toBe(100)
    expect(wallMs).toBeLessThanOrEqual(1.3 * 4 * 60_000)
    expect(server.stats.throttled / server.stats.requests).toBeLessThan(0.25)
  })

  it('without a rate limit, settles near what a queueing server handles instead of its maximum', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 64, initialConcurrency: 2 })
    const lane = scheduler.openLane()
    // Up to 6 at a time cost 100 ms; beyond that each answer waits behind the others.
    const server = simulatedServer({ clock, latencyMs: (inFlight) => 100 * Math.max(1, inFlight / 6), figures: false, retryAfter: false })
    const { wallMs } = await clock.runUntilSettled(runAll(clock, lane, 2_000, () => server.answer()))
    const capacityFloorMs = (2_000 * 100) / 6
    expect(wallMs / capacityFloorMs).toBeLessThan(1.3)
    expect(scheduler.snapshot(clock.now()).window).toBeLessThan(16)
    expect(scheduler.snapshot(clock.now()).decreases).toBeGreaterThan(0)
  })

  it('shares one rate between lanes: two lookups together stay inside the window', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 16 })
    const server = simulatedServer({ clock, latencyMs: () => 100, perWindow: 30, windowMs: 10_000, figures: true, retryAfter: true })
    const both = Promise.all([
      runAll(clock, scheduler.openLane(), 60, () => server.answer()),
      runAll(clock, scheduler.openLane(), 60, () => server.answer())
    ])
    await clock.runUntilSettled(both)
    expect(server.stats.answered).toBe(120)
    expect(server.stats.throttled).toBeLessThanOrEqual(1)
  })
})

describe('createRequestScheduler: lanes', () => {
  it('says when a lane waits for the server, until when, and for how long in all', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 4, initialConcurrency: 4 })
    let changes = 0
    const lane = scheduler.openLane({ onThrottleChange: () => (changes += 1) })
    const server = simulatedServer({ clock, latencyMs: () => 100, perWindow: 4, windowMs: 10_000, figures: true, retryAfter: true })
    const run = runAll(clock, lane, 6, () => server.answer())
    // The four sent at once spend the window; their answers, 100 ms later, say so.
    await clock.advance(100)
    const heldFrom = clock.now()
    const windowEnd = Math.floor(heldFrom / 10_000) * 10_000 + 10_000
    expect(lane.state(heldFrom + 1_000)).toEqual({ throttled: true, resumeAt: windowEnd, throttledMs: 1_000 })
    await clock.runUntilSettled(run)
    expect(lane.state(clock.now())).toEqual({ throttled: false, resumeAt: null, throttledMs: windowEnd - heldFrom })
    expect(server.stats.throttled).toBe(0)
    expect(changes).toBe(2)
  })

  it.each([
    ['rejects', () => Promise.reject(new Error('a bug in the caller'))],
    [
      'throws at once',
      () => {
        throw new Error('a bug in the caller')
      }
    ]
  ] as const)('reports a send that %s, counts it as a failure and carries on', async (_, broken) => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 1, initialConcurrency: 1 })
    const lane = scheduler.openLane()
    const sent: number[] = []
    const done = new Promise<void>((resolve) => {
      lane.push({
        order: [0],
        send() {
          sent.push(0)
          return broken()
        }
      })
      lane.push({
        order: [1],
        async send() {
          sent.push(1)
          await clock.sleep(100)
          resolve()
          return { outcome: 'success', rateLimit: null }
        }
      })
    })
    await clock.runUntilSettled(done)
    expect(sent).toEqual([0, 1])
    expect(unexpected.splice(0)).toEqual([new Error('a bug in the caller')])
    expect(scheduler.snapshot(clock.now())).toMatchObject({ throttles: 0, decreases: 0 })
    expect(scheduler.inFlight).toBe(0)
  })

  it('on close drops the work not yet sent; drain hands it back', async () => {
    const clock = createFakeClock()
    const scheduler = schedulerFor(clock, { maxConcurrency: 1, initialConcurrency: 1 })
    const lane = scheduler.openLane<Task & { name: string }>()
    const sent: string[] = []
    const task = (name: string) => ({
      name,
      order: [sent.length],
      async send(): Promise<Answer> {
        sent.push(name)
        await clock.sleep(100)
        return { outcome: 'success', rateLimit: null }
      }
    })
    for (const name of ['a', 'b', 'c', 'd']) lane.push(task(name))
    expect(lane.queued).toBe(3)
    expect(
      lane
        .drain()
        .map((t) => t.name)
        .sort()
    ).toEqual(['b', 'c', 'd'])
    lane.push(task('e'))
    lane.close()
    lane.push(task('f'))
    await clock.advance(1_000)
    expect(sent).toEqual(['a'])
    expect(scheduler.inFlight).toBe(0)
  })
})
