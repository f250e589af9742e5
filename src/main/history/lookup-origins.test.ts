import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import { createDirectHistory, type DirectHistory } from './test-support/direct-history'
import { NO_FIGURES, sampleLines, sampleLookup, valueFor } from './test-support/sample-lookups'

let dir: string
let history: DirectHistory
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lookup-origins-'))
  history = createDirectHistory({ dir, log: createMemoryLogger(), now: () => 1_750_000_000_000 })
})
afterEach(() => {
  history.close()
  rmSync(dir, { recursive: true, force: true })
})

const run = (finish: boolean) => {
  const { id } = history.createLookup(sampleLookup(sampleLines(2)))
  if (finish) history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
  return id
}

describe('lookup origins', () => {
  it("label a watchlist's runs, find its latest finished one, and go with their lookup", () => {
    const first = run(true)
    const second = run(true)
    const running = run(false)
    const operations = history.operations()
    expect(operations.setOrigin(first, { watchlistId: 'w1', watchlistName: 'Morning check', follows: null })).toBe(true)
    expect(operations.setOrigin(second, { watchlistId: 'w1', watchlistName: 'Morning check', follows: first, scheduled: 'missed' })).toBe(
      true
    )
    expect(operations.setOrigin(running, { watchlistId: 'w1', watchlistName: 'Morning check', follows: second })).toBe(true)
    expect(history.origin(second)).toEqual({ watchlistId: 'w1', watchlistName: 'Morning check', follows: first, scheduled: 'missed' })
    expect(history.origin(first)).toEqual({ watchlistId: 'w1', watchlistName: 'Morning check', follows: null, scheduled: null })
    expect(history.origin(run(true))).toBeNull()
    const carrying = history.createLookup(sampleLookup(sampleLines(2, { carried: true }), { carriedColumns: ['Description', 'Pack'] }))
    expect(history.inputs(carrying.id)).toEqual([
      { line: 1, input: valueFor(1), cells: ['Description 1', '1'] },
      { line: 2, input: valueFor(2), cells: ['Description 2', '2'] }
    ])
    // The running one is not a finished run to follow.
    expect(history.latestFinishedRun('w1')).toBe(second)
    expect(history.latestFinishedRun('w2')).toBeNull()

    expect(history.delete(second)).toBe(true)
    expect(history.origin(second)).toBeNull()
    expect(history.latestFinishedRun('w1')).toBe(first)
    expect(operations.setOrigin(second, { watchlistId: 'w1', watchlistName: 'x', follows: null })).toBe(false)
  })

  it("give a watchlist's latest ended runs for its trends, newest first and at most the number asked, not those still running", () => {
    const operations = history.operations()
    const label = (id: number, watchlistId: string) => operations.setOrigin(id, { watchlistId, watchlistName: watchlistId, follows: null })
    // Ended as the app ends a run: with its summary kept, which is what the trends draw.
    const endedRun = (state: 'finished' | 'cancelled') => {
      const { id } = history.createLookup(sampleLookup(sampleLines(2)))
      operations.finishRun(id, state, { ...NO_FIGURES, valuesPerSecond: 0 }, 1_750_000_000_000)
      return id
    }
    const ended = [endedRun('finished'), endedRun('finished'), endedRun('finished')]
    const cancelled = endedRun('cancelled')
    const running = run(false)
    const other = endedRun('finished')
    for (const id of [...ended, cancelled, running]) label(id, 'w1')
    label(other, 'w2')
    endedRun('finished')

    expect(history.watchlistRuns('w1', 10)).toEqual([cancelled, ...[...ended].reverse()])
    expect(history.watchlistRuns('w1', 2)).toEqual([cancelled, ended[2]])
    expect(history.watchlistRuns('w2', 10)).toEqual([other])
    expect(history.watchlistRuns('nobody', 10)).toEqual([])
  })
})
