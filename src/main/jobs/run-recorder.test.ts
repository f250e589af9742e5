import { afterEach, describe, expect, it } from 'vitest'
import { answerBatchOf, answerRowsOf } from '../history/answer-batch'
import type { HistoryStore } from '../history/history-store'
import type { AnswerBatch, RunFigures, StoppedState } from '../history/history-types'
import type { HistoryWriter } from '../history/history-writer'
import { encodeItem } from '../history/item-batch'
import { HEARTBEAT_MS } from '../history/lookup-owner'
import { memoryHistory } from '../history/test-support/memory-history'
import { NO_FIGURES, sampleItem, sampleLookup } from '../history/test-support/sample-lookups'
import { valuesToLookUp } from '../history/test-support/values-to-look-up'
import { createMemoryLogger } from '../logging/logger'
import { ThreadStoppedError } from '../workers/supervised-thread'
import { GROUP_ANSWERS, GROUP_WAIT_MS } from './answer-groups'
import { createRunRecorder } from './run-recorder'
import { createFakeClock, type FakeClock } from './test-support/fake-clock'
import { asLines, validGtins } from './test-support/gtin-fixtures'

const opened: HistoryStore[] = []
afterEach(() => {
  for (const history of opened.splice(0)) history.close()
})

/** What the writer is to do with the next group it is sent: write it, stop before or after writing it, or refuse it. */
type Fate = 'write' | 'stop before committing' | 'stop after committing' | 'refuse'

/** Calls `beat` every `ms` on the fake clock. */
function everyOn(clock: FakeClock) {
  return (ms: number, beat: () => void): (() => void) => {
    let cancel = clock.setTimer(ms, function again() {
      beat()
      cancel = clock.setTimer(ms, again)
    })
    return () => cancel()
  }
}

/** A run of `count` values recorded on a History in memory, its writer told what to do with each group in turn. */
async function recording(count: number, fates: Fate[] = []) {
  const clock = createFakeClock()
  const log = createMemoryLogger()
  const { history, writer } = memoryHistory(clock.now, log)
  opened.push(history)
  /** The lines of each group that reached History's writer, in the order sent. */
  const sent: number[][] = []
  const beats: number[] = []
  const faulty: HistoryWriter = {
    ...writer,
    async appendResults(id, batches, figures) {
      sent.push(batches.flatMap(answerRowsOf).map((row) => row.line))
      const fate = fates.shift() ?? 'write'
      if (fate === 'refuse') throw new Error('database or disk is full')
      if (fate === 'stop before committing') throw new ThreadStoppedError('history', "History's writer stopped.")
      const resultsCount = await writer.appendResults(id, batches, figures)
      if (fate === 'stop after committing') throw new ThreadStoppedError('history', "History's writer stopped.")
      return resultsCount
    },
    heartbeat: (id) => {
      beats.push(clock.now())
      return writer.heartbeat(id)
    }
  }
  const recorder = createRunRecorder({ writer: faulty, history, log, every: everyOn(clock), after: clock.setTimer })
  const { lines: _lines, ...lookup } = sampleLookup([])
  const created = await writer.createLookup({ lookup, lines: asLines(validGtins(count)) })
  const stored = history.lookup(created.id)
  if (stored === null) throw new Error('the lookup was not stored')
  const recorded: number[] = []
  let refusals = 0
  const record = recorder.open(stored, { onRecorded: (resultsCount) => recorded.push(resultsCount), onRefused: () => (refusals += 1) })
  let figures: RunFigures = { ...NO_FIGURES, batchesTotal: Math.ceil(count / 100) }
  const saveFailed: boolean[] = []
  const appended: AnswerBatch[] = []
  return {
    appended,
    clock,
    history,
    id: created.id,
    sent,
    beats,
    recorded,
    log,
    refusals: () => refusals,
    /** Appends the answers of the searches for these values, found, 100 at a time. */
    answer(values: readonly { line: number; value: string }[]) {
      for (let start = 0; start < values.length; start += 100) {
        figures = { ...figures, requests: figures.requests + 1, batchesDone: figures.batchesDone + 1 }
        const batch = found(values.slice(start, start + 100))
        appended.push(batch)
        record.append(batch, figures)
      }
    },
    values: valuesToLookUp(created),
    async finish(state: StoppedState) {
      record.stopBeating()
      const lookup = await record.finish(
        (refused) => {
          saveFailed.push(refused)
          return refused ? 'interrupted' : state
        },
        { ...figures, valuesPerSecond: 1 },
        clock.now()
      )
      return { lookup, saveFailed }
    }
  }
}

function found(values: readonly { line: number; value: string }[]): AnswerBatch {
  return answerBatchOf(
    values.map(({ line, value }) => ({ storeNbr: 1234, line, status: 'found', item: encodeItem(sampleItem(value, line)) }))
  )
}

const linesOf = (values: readonly { line: number; value: string }[]) => values.map((value) => value.line)

describe("what History's writer hears of a run", () => {
  it('hears the answers in groups, in order: when a group is full, a short time after its first batch, and before the end', async () => {
    const run = await recording(GROUP_ANSWERS + 600)
    const { values } = run
    run.answer(values.slice(0, GROUP_ANSWERS + 500))
    await run.clock.advance(0)
    expect(run.sent.map((group) => group.length)).toEqual([GROUP_ANSWERS])
    expect(run.recorded).toEqual([GROUP_ANSWERS])
    // Once History has them, the batches' own bytes are let go at once, not left for the collector.
    expect(run.appended.map((batch) => batch.items.bytes.buffer.byteLength === 0)).toEqual([
      ...Array<boolean>(GROUP_ANSWERS / 100).fill(true),
      ...Array<boolean>(5).fill(false)
    ])

    await run.clock.advance(GROUP_WAIT_MS)
    expect(run.sent.map((group) => group.length)).toEqual([GROUP_ANSWERS, 500])
    expect(run.recorded).toEqual([GROUP_ANSWERS, GROUP_ANSWERS + 500])
    expect(run.history.lookup(run.id)?.batchesDone).toBe(25)

    // Cancelled with a group gathered: it is written before the end, which cancels only the rest.
    run.answer(values.slice(GROUP_ANSWERS + 500, GROUP_ANSWERS + 550))
    const { lookup, saveFailed } = await run.finish('cancelled')
    expect(run.sent.map((group) => group.length)).toEqual([GROUP_ANSWERS, 500, 50])
    expect(run.sent.flat()).toEqual(linesOf(values.slice(0, GROUP_ANSWERS + 550)))
    expect(saveFailed).toEqual([false])
    expect(lookup).toMatchObject({ state: 'cancelled', counts: { found: GROUP_ANSWERS + 550, cancelled: 50 } })
    expect(run.recorded.at(-1)).toBe(GROUP_ANSWERS + 550)
  })

  it('keeps beating while the run lasts, and stops when it ends', async () => {
    const run = await recording(10)
    await run.clock.advance(HEARTBEAT_MS * 3)
    expect(run.beats).toHaveLength(3)
    await run.finish('finished')
    await run.clock.advance(HEARTBEAT_MS * 3)
    expect(run.beats).toHaveLength(3)
  })

  for (const fate of ['stop before committing', 'stop after committing'] as const) {
    it(`writes a group once when History's writer stops under it (${fate}), and every group after it on its next thread before the end`, async () => {
      const run = await recording(600, ['write', fate])
      const { values } = run
      run.answer(values.slice(0, 200))
      await run.clock.advance(GROUP_WAIT_MS)
      run.answer(values.slice(200, 400))
      await run.clock.advance(GROUP_WAIT_MS)
      expect(run.refusals()).toBe(1)
      // Kept from now on, not sent, until the run's end.
      run.answer(values.slice(400, 500))
      await run.clock.advance(GROUP_WAIT_MS)
      expect(run.sent).toHaveLength(2)

      const { lookup, saveFailed } = await run.finish('interrupted')
      const again = fate === 'stop before committing' ? [linesOf(values.slice(200, 400))] : []
      expect(run.sent).toEqual([linesOf(values.slice(0, 200)), linesOf(values.slice(200, 400)), ...again, linesOf(values.slice(400, 500))])
      // Every answer written once: History refuses a line's result twice, which would have failed the end.
      expect(saveFailed).toEqual([false])
      expect(lookup).toMatchObject({ state: 'interrupted', counts: { found: 500, cancelled: 100 } })
      expect(run.recorded.at(-1)).toBe(500)
    })
  }

  it('stops the run when History refuses a group, and says so at the end', async () => {
    const run = await recording(300, ['write', 'refuse'])
    const { values } = run
    run.answer(values.slice(0, 100))
    await run.clock.advance(GROUP_WAIT_MS)
    run.answer(values.slice(100, 200))
    await run.clock.advance(GROUP_WAIT_MS)
    expect(run.refusals()).toBe(1)
    expect(run.log.lines.some((line) => line.includes('answers could not be saved to History'))).toBe(true)
    const { lookup, saveFailed } = await run.finish('finished')
    expect(saveFailed).toEqual([true])
    expect(lookup).toMatchObject({ state: 'interrupted', counts: { found: 100, cancelled: 200 } })
  })
})
