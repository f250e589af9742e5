import { queryOptions } from '@tanstack/react-query'
import { comparesManyStores, comparesNamed } from '../../../shared/compare/compare-columns'
import type { CompareRow } from '../../../shared/compare/compare-lookups'
import type { LookupSummary } from '../../../shared/domain/lookup-summary'
import { callInventory } from './inventory-call'

export interface ComparedLookups<Row> {
  then: LookupSummary
  now: LookupSummary
  /** Whether either lookup covered several stores: rows are then store and value pairs, with a Store column. */
  manyStores: boolean
  /** Whether either lookup's list named its items: Item name is then the first column. */
  named: boolean
  rows: readonly Row[]
}

/**
 * Two lookups compared store and value pair by pair, read from main a page at a time (main keeps the
 * comparison between pages) and judged at the low-stock level the screen shows; `toRow` makes each
 * compared pair what the screen shows, as the pages arrive.
 */
export function comparisonQuery<Row>(
  thenJobId: string,
  nowJobId: string,
  lowStockLevel: number,
  toRow: (row: CompareRow, manyStores: boolean) => Row
) {
  return queryOptions({
    queryKey: ['comparison', thenJobId, nowJobId, lowStockLevel],
    queryFn: async (): Promise<ComparedLookups<Row>> => {
      const rows: Row[] = []
      let from = 0
      for (;;) {
        const page = await callInventory(window.inventory.compareLookups({ thenJobId, nowJobId, from, lowStockLevel }))
        const manyStores = comparesManyStores(page.then, page.now)
        for (const row of page.rows) rows.push(toRow(row, manyStores))
        if (page.rows.length === 0 || page.next >= page.total)
          return { then: page.then, now: page.now, manyStores, named: comparesNamed(page.then, page.now), rows }
        from = page.next
      }
    },
    // A resume or a retry may have changed either lookup since: compare afresh on each visit.
    staleTime: 0,
    structuralSharing: false
  })
}
