import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import { createMemoryLogger } from '../logging/logger'
import { createRestartBudget, isThreadStopped, superviseThread, type SupervisedThread, type ThreadStoppedError } from './supervised-thread'

/**
 * A thread that answers each `{ id, n }` with `n * 2`, ends itself on `{ exit: code }`, and on
 * `{ hold: SharedArrayBuffer }` waits until ended: a task under way that never finishes by itself.
 */
const ECHO = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', (message) => {
  if (message.exit !== undefined) process.exit(message.exit)
  if (message.hold !== undefined) Atomics.wait(new Int32Array(message.hold), 0, 0)
  parentPort.postMessage({ id: message.id, value: message.n * 2 })
})`

/** A thread that ends before it answers anything. */
const DIES_AT_START = `process.exit(7)`

interface Waiting {
  resolve(value: number): void
  reject(error: Error): void
}

const threads: SupervisedThread<Waiting>[] = []
afterEach(async () => {
  for (const thread of threads.splice(0)) await thread.terminate(new Error('the test ended'))
})

function supervise(script: string, budget = createRestartBudget()) {
  const log = createMemoryLogger()
  const started: Worker[] = []
  const stops: ThreadStoppedError[] = []
  const thread: SupervisedThread<Waiting> = superviseThread<Waiting>({
    name: 'The test thread',
    consequence: 'what it was doing was stopped.',
    log,
    budget,
    onStopped: (error) => stops.push(error),
    start() {
      const worker = new Worker(script, { eval: true })
      started.push(worker)
      return worker
    },
    receive(message) {
      const reply = message as { id: number; value: number }
      thread.take(reply.id)?.resolve(reply.value)
    }
  })
  threads.push(thread)
  const ask = (message: object) => new Promise<number>((resolve, reject) => thread.post((id) => ({ ...message, id }), { resolve, reject }))
  return { thread, ask, started, stops, log }
}

const SENTENCE = 'The test thread stopped unexpectedly; what it was doing was stopped. The details were written to the log.'

describe('a supervised thread', () => {
  it('fails what waits for it with one sentence when it is ended mid-task, and starts afresh for the next task', async () => {
    const { thread, ask, started, stops, log } = supervise(ECHO)
    expect(await ask({ n: 2 })).toBe(4)
    const held = ask({ hold: new SharedArrayBuffer(4) })
    const queued = ask({ n: 4 })
    void started[0]?.terminate()
    const outcomes = await Promise.allSettled([held, queued])
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: SENTENCE, code: 'internal' } })
    expect(stops.map((stop) => stop.message)).toEqual([SENTENCE])
    expect(isThreadStopped((outcomes[1] as PromiseRejectedResult).reason)).toBe(true)
    expect(thread.running).toBe(false)
    expect(log.lines.some((line) => line.includes('The test thread stopped unexpectedly'))).toBe(true)

    expect(await ask({ n: 5 })).toBe(10)
    expect(started).toHaveLength(2)
    expect(thread.waiting).toBe(0)
  })

  it('says so when the thread ends itself (process.exit inside it), with the exit code in the log', async () => {
    const { ask, stops, log } = supervise(ECHO)
    expect(await ask({ n: 1 })).toBe(2)
    await expect(ask({ exit: 3 })).rejects.toThrow(SENTENCE)
    expect(stops).toHaveLength(1)
    expect(log.lines.find((line) => line.includes('stopped unexpectedly'))).toContain('"code":3')
    expect(await ask({ n: 6 })).toBe(12)
  })

  it('does not start again, in a sentence, a thread that died three times as it started; one that answered resets the count', async () => {
    const budget = createRestartBudget()
    const dying = supervise(DIES_AT_START, budget)
    for (let attempt = 1; attempt <= 3; attempt += 1) await expect(dying.ask({ n: 1 })).rejects.toThrow(SENTENCE)
    const refused = await dying.ask({ n: 1 }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).message).toBe(
      'The test thread stopped 3 times as it started, so the app does not start it again; restart the app, and if it happens again, send the log from Settings, Support.'
    )
    expect(dying.started).toHaveLength(3)

    const other = createRestartBudget()
    other.diedAtStart()
    other.diedAtStart()
    other.alive()
    other.diedAtStart()
    other.diedAtStart()
    expect(() => other.beforeStart('The other thread')).not.toThrow()
  })

  it('ends on purpose without a failure: what waits gets the reason, no listener hears of it', async () => {
    const { thread, ask, stops } = supervise(ECHO)
    expect(await ask({ n: 1 })).toBe(2)
    const waiting = ask({ hold: new SharedArrayBuffer(4) }).catch((error: unknown) => error)
    await thread.terminate(new Error('closing'))
    expect(await waiting).toMatchObject({ message: 'closing' })
    expect(stops).toEqual([])
  })

  it('starts when warmed, before any request, once: the first request then runs on that thread', async () => {
    const { thread, ask, started } = supervise(ECHO)
    expect(thread.running).toBe(false)
    thread.warm()
    thread.warm()
    expect(thread.running).toBe(true)
    expect(started).toHaveLength(1)
    expect(await ask({ n: 3 })).toBe(6)
    expect(started).toHaveLength(1)
  })
})
