import { describe, expect, it } from 'vitest'
import type { JobProgress } from '../../shared/domain/job-progress'
import type { LineResult } from '../../shared/domain/line-result'
import { checkJobInvariant, checkSearchCalls } from './job-invariant'
import { inventoryItem } from './test-support/fake-inventory'

const lines = [
  { line: 1, input: '12345678905' },
  { line: 2, input: 'abc' },
  { line: 3, input: '012345678905' },
  { line: 4, input: '96385074' }
]
const V1 = '00012345678905'
const V4 = '00000096385074'

const good: LineResult[] = [
  { storeNbr: 1, line: 2, input: 'abc', value: null, status: 'invalid', invalidReason: 'characters' },
  { storeNbr: 1, line: 3, input: '012345678905', value: V1, status: 'duplicate', duplicateOf: 1 },
  { storeNbr: 1, line: 1, input: '12345678905', value: V1, status: 'failed', error: { code: 'server_error', message: 'x', status: 500 } },
  { storeNbr: 1, line: 4, input: '96385074', value: V4, status: 'not_found' },
  { storeNbr: 1, line: 1, input: '12345678905', value: V1, status: 'found', item: inventoryItem(V1, null) }
]

const progress: JobProgress = {
  jobId: 'j',
  environment: 'demo',
  stores: [1],
  storesDone: 1,
  itemType: 'gtin',
  carriedColumns: [],
  startedAt: new Date(0).toISOString(),
  finishedAt: new Date(1).toISOString(),
  state: 'finished',
  lines: 4,
  batchesDone: 2,
  batchesTotal: 2,
  found: 1,
  notFound: 1,
  invalid: 1,
  duplicate: 1,
  failed: 0,
  cancelled: 0,
  pending: 0,
  requests: 2,
  retries: 0,
  throttledMs: 0,
  resumeAt: null,
  etaMs: null,
  valuesPerSecond: 1,
  resultsCount: 5
}

describe('checkJobInvariant', () => {
  it('accepts a log where a failure was later superseded by a retry', () => {
    expect(checkJobInvariant(lines, good, progress)).toEqual([])
  })

  it('accepts a log where a line left unanswered by a stop was later answered by a resume', () => {
    const stopped = good.map((e): LineResult =>
      e.line === 4 ? { storeNbr: 1, line: 4, input: e.input, value: V4, status: 'cancelled' } : e
    )
    expect(checkJobInvariant(lines, [...stopped, { storeNbr: 1, line: 4, input: '96385074', value: V4, status: 'not_found' }])).toEqual([])
  })

  it('finds a line with no final state', () => {
    expect(
      checkJobInvariant(
        lines,
        good.filter((e) => e.line !== 4)
      )
    ).toEqual(['line 4 has no final state'])
  })

  it('finds a line answered twice', () => {
    const twice = [...good, { storeNbr: 1, line: 4, input: '96385074', value: V4, status: 'found' as const, item: inventoryItem(V4, null) }]
    expect(checkJobInvariant(lines, twice)).toContain('line 4 was given a final state more than once (not_found -> found)')
  })

  it('finds states that lack what they need', () => {
    const broken: LineResult[] = [
      { storeNbr: 1, line: 2, input: 'abc', value: null, status: 'invalid' },
      { storeNbr: 1, line: 3, input: '012345678905', value: V1, status: 'duplicate', duplicateOf: 4 },
      { storeNbr: 1, line: 1, input: '12345678905', value: V1, status: 'failed' },
      { storeNbr: 1, line: 4, input: '96385074', value: V4, status: 'found' }
    ]
    expect(checkJobInvariant(lines, broken)).toEqual([
      'line 1 (failed): an error belongs to failed lines, and only to them',
      'line 2 (invalid): a reason belongs to invalid lines, and only to them',
      'line 4 (found): an item belongs to found lines, and only to them',
      'line 3 is a duplicate of line 4, which is not an earlier input line'
    ])
  })

  it('finds a value looked up for two lines, and entries for lines that were never input', () => {
    const doubled: LineResult[] = [
      ...good.slice(0, 2),
      ...good.slice(3),
      { storeNbr: 1, line: 3, input: '012345678905', value: V1, status: 'not_found' },
      { storeNbr: 1, line: 9, input: 'x', value: null, status: 'invalid', invalidReason: 'characters' }
    ]
    const problems = checkJobInvariant(lines, doubled)
    expect(problems).toContain('an entry names line 9, which is not in the input')
    expect(problems).toContain('value 00012345678905 was looked up for both line 1 and line 3')
  })

  it('finds progress figures that disagree with the log', () => {
    const problems = checkJobInvariant(lines, good, { ...progress, found: 2, pending: 1, resultsCount: 4, state: 'running' })
    expect(problems).toEqual([
      'the job is still running',
      'progress says 1 lines are still pending',
      'progress says 4 results, the log has 5',
      'progress says 2 found, the log has 1'
    ])
  })
})

describe('checkJobInvariant across stores', () => {
  const twoStores: JobProgress = {
    ...progress,
    stores: [1, 2],
    storesDone: 2,
    found: 2,
    notFound: 2,
    invalid: 2,
    duplicate: 2,
    resultsCount: 10
  }
  const inStore2 = good.map((entry): LineResult => ({ ...entry, storeNbr: 2 }))

  it('holds each store to every line once, and counts pairs across stores', () => {
    expect(checkJobInvariant(lines, [...good, ...inStore2], twoStores)).toEqual([])
  })

  it('names the store that lacks a line, an entry of a store not looked up, and stores said done that are not', () => {
    const missing = inStore2.filter((entry) => entry.line !== 4)
    const stray: LineResult = { storeNbr: 3, line: 2, input: 'abc', value: null, status: 'invalid', invalidReason: 'characters' }
    expect(checkJobInvariant(lines, [...good, ...missing, stray], { ...twoStores, resultsCount: 10 })).toEqual([
      'an entry names store 3, which is not looked up',
      'store 2: line 4 has no final state',
      'progress says 2 of 2 stores done, the log has 1',
      'progress says 2 not_found, the log has 1'
    ])
  })

  it('does not count a store with a cancelled line as done', () => {
    const cancelled = inStore2.map((entry): LineResult =>
      entry.line === 4 ? { storeNbr: 2, line: 4, input: entry.input, value: V4, status: 'cancelled' } : entry
    )
    const problems = checkJobInvariant(lines, [...good, ...cancelled], { ...twoStores, notFound: 1, cancelled: 1 })
    expect(problems).toEqual(['progress says 2 of 2 stores done, the log has 1'])
  })
})

describe('checkSearchCalls', () => {
  it('accepts a value asked again only after its earlier searches failed', () => {
    expect(
      checkSearchCalls([
        { values: ['a', 'b'], answered: false },
        { values: ['a', 'b'], answered: true }
      ])
    ).toEqual([])
  })

  it('finds a value asked again after an answer, oversized searches and repeats within a search', () => {
    expect(
      checkSearchCalls([
        { values: ['a'], answered: true },
        { values: ['a', 'c', 'c'], answered: true },
        { values: Array.from({ length: 101 }, (_, i) => `v${i}`), answered: false }
      ])
    ).toEqual(['search 2 repeats a value', 'search 3 holds 101 values', 'value a was asked 2 times, and answered before the last'])
  })

  it('counts a value once per store: asking it in another store is not asking again', () => {
    expect(
      checkSearchCalls([
        { values: ['a'], answered: true, storeNbr: 1 },
        { values: ['a'], answered: true, storeNbr: 2 }
      ])
    ).toEqual([])
    expect(
      checkSearchCalls([
        { values: ['a'], answered: true, storeNbr: 1 },
        { values: ['a'], answered: true, storeNbr: 1 }
      ])
    ).toEqual(['value a in store 1 was asked 2 times, and answered before the last'])
  })
})
