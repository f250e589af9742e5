import type { ImportSummary } from '../contract'
import { parseStoreEntries, splitStoreList } from './store-list'

const STORE_WORDS = new Set(['store', 'stores', 'site', 'club', 'location'])

/**
 * The column of an imported file most likely to hold store numbers: one whose header names stores
 * ("Store", "Store Nbr", "site"), else the one whose samples read best as store numbers, else the first.
 */
export function storeColumnOf(summary: Pick<ImportSummary, 'columns' | 'hasHeader'>): number {
  if (summary.hasHeader) {
    const named = summary.columns.find((column) =>
      column.name
        .toLowerCase()
        .split(/[^a-z]+/)
        .some((word) => STORE_WORDS.has(word))
    )
    if (named !== undefined) return named.index
  }
  let best = summary.columns[0]?.index ?? 0
  let bestShare = 0
  for (const column of summary.columns) {
    const samples = column.samples.filter((sample) => sample.trim() !== '')
    if (samples.length === 0) continue
    const stores = samples.filter((sample) => parseStoreEntries(splitStoreList(sample)).ok).length
    const share = stores / samples.length
    if (share > bestShare) {
      bestShare = share
      best = column.index
    }
  }
  return best
}

/** The cells of a column of store numbers as one list: each cell may hold a store, several, or a range. */
export function storeEntriesOfCells(cells: readonly string[]): string[] {
  return cells.flatMap((cell) => splitStoreList(cell))
}
