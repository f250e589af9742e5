import { describe, expect, it } from 'vitest'
import { SUMMARY_CODES, type SummaryStatus } from './run-summary'
import { trendStoreOf } from './trend-digest'
import { buildTrends, type TrendRunInput } from './build-trends'
import { packedTrendsSchema } from './packed-trends'
import { unpackTrends } from './trend-series'
import { trendSheet } from './trend-sheets'
import { worstRows } from './worst-items'

const C = SUMMARY_CODES
function run(lookupId: number, at: number, itemIds: number[], stores: Record<number, SummaryStatus[]>): TrendRunInput {
  return {
    lookupId,
    at,
    answersRemovedAt: null,
    itemIds: Uint32Array.from(itemIds),
    stores: Object.entries(stores).map(([storeNbr, statuses]) =>
      trendStoreOf(
        Number(storeNbr),
        Uint8Array.from(statuses, (status) => C[status])
      )
    )
  }
}
const names: Record<number, string> = { 1: 'A', 2: 'B', 3: 'C' }
const pack = (runs: TrendRunInput[]) =>
  buildTrends(
    runs,
    (id) => names[id] ?? '?',
    (id) => `job-${id}`
  )
const build = (runs: TrendRunInput[]) => unpackTrends(pack(runs))

describe('buildTrends', () => {
  const runs = [
    run(1, 1_000, [1, 2], { 10: ['in_stock', 'out_of_stock'], 20: ['in_stock', 'in_stock'] }),
    run(2, 2_000, [1, 2], { 10: ['out_of_stock', 'out_of_stock'], 20: ['shelf_empty', 'failed'] }),
    run(3, 3_000, [1, 2, 3], { 10: ['in_stock', 'not_found', 'out_of_stock'] })
  ]
  const trends = build(runs)

  it('gives each run its total and per-store in-stock rate and counts', () => {
    expect(trends.stores).toEqual([10, 20])
    expect(trends.runs.map((r) => r.jobId)).toEqual(['job-1', 'job-2', 'job-3'])
    expect(trends.runs.map((r) => r.at)).toEqual([1_000, 2_000, 3_000].map((t) => new Date(t).toISOString()))
    expect(trends.runs.map((r) => r.total.rate)).toEqual([75, 33.3, 50])
    expect(trends.runs.map((r) => r.stores.map((s) => s?.rate ?? null))).toEqual([
      [50, 100],
      [0, 100],
      [50, null]
    ])
    expect(trends.runs.map((r) => [r.total.outOfStock, r.total.shelfEmpty])).toEqual([
      [1, 0],
      [2, 1],
      [1, 0]
    ])
  })

  it('packs the figures in columns, each in a buffer of its own so the thread can move it to main', () => {
    const packed = pack(runs)
    expect(packedTrendsSchema.safeParse(packed).success).toBe(true)
    // All stores, then stores 10 and 20; run 3 did not look in store 20.
    expect([...packed.runs.found]).toEqual([4, 2, 2, 3, 2, 1, 2, 2, -1])
    const columns = [...Object.values(packed.runs), ...Object.values(packed.worst)].filter((column) => ArrayBuffer.isView(column))
    expect(columns).toHaveLength(10)
    expect(new Set(columns.map((column) => column.buffer)).size).toBe(columns.length)
  })

  it('counts, per item and store, the runs out of stock over the runs that found it there', () => {
    const rows = worstRows(trends)
    expect(rows).toEqual([
      // B in 10: out in runs 1 and 2, not found in run 3, so 2 of 2.
      { value: 'B', storeNbr: 10, outRuns: 2, answeredRuns: 2, share: 100 },
      { value: 'C', storeNbr: 10, outRuns: 1, answeredRuns: 1, share: 100 },
      { value: 'A', storeNbr: 10, outRuns: 1, answeredRuns: 3, share: 33.3 }
    ])
    expect(worstRows(trends, { key: 'value', direction: 'ascending' }).map((r) => r.value)).toEqual(['A', 'B', 'C'])
    expect(worstRows(trends, { key: 'share', direction: 'ascending' }).map((r) => r.value)).toEqual(['A', 'B', 'C'])
    expect(worstRows(trends, { key: 'outRuns', direction: 'descending' }).map((r) => r.value)).toEqual(['B', 'C', 'A'])
  })

  it('matches items by id when runs list them in another order', () => {
    const shuffled = build([
      run(1, 1, [1, 2], { 10: ['out_of_stock', 'in_stock'] }),
      run(2, 2, [2, 1], { 10: ['in_stock', 'out_of_stock'] })
    ])
    expect(worstRows(shuffled)).toEqual([{ value: 'A', storeNbr: 10, outRuns: 2, answeredRuns: 2, share: 100 }])
  })

  it('draws nothing for no runs', () => {
    const none = new Int32Array(0)
    expect(build([])).toEqual({ stores: [], runs: [], items: [], worst: { item: none, store: none, outRuns: none, answeredRuns: none } })
  })
})

describe('trendSheet', () => {
  it('exports each table with the figures the screen shows', () => {
    const trends = build([
      run(1, 1_000, [1], { 10: ['out_of_stock'], 20: ['in_stock'] }),
      run(2, 2_000, [1], { 10: ['in_stock'], 20: ['shelf_empty'] })
    ])
    expect(trendSheet(trends, 'rates').rows).toEqual([
      ['job-1', new Date(1_000).toISOString(), 50, 0, 100],
      ['job-2', new Date(2_000).toISOString(), 100, 100, 100]
    ])
    expect(trendSheet(trends, 'counts').rows.map((row) => row.slice(2))).toEqual([
      [1, 0, 2],
      [0, 1, 2]
    ])
    expect(trendSheet(trends, 'worst').rows).toEqual([['A', 10, 1, 2, 50]])
  })
})
