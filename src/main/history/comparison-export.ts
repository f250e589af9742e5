import { compareRowKey } from '../../shared/compare/compare-columns'
import type { CompareRow } from '../../shared/compare/compare-lookups'
import type { ExportFormat } from '../../shared/contract'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import type { Comparison } from './compare-service'
import type { StoredLookup } from './history-types'

/** "20250110-0900", in UTC like the results' export names. */
function stamp(time: number): string {
  return new Date(time).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')
}

function storesPart(lookup: StoredLookup): string {
  return lookup.stores.length === 1 ? `store${lookup.stores[0] ?? ''}` : `${lookup.stores.length}stores`
}

/** "inventory-compare-demo-store1234-20250110-0900-vs-20250111-0900.xlsx": what the save dialog offers. */
export function comparisonFileName({ then, now }: Pick<Comparison, 'then' | 'now'>, format: ExportFormat): string {
  return `inventory-compare-${ENVIRONMENT_LABELS[now.environment].toLowerCase()}-${storesPart(now)}-${stamp(then.startedAt)}-vs-${stamp(now.startedAt)}.${format}`
}

/** The compared rows the keys name, in the keys' order; a key the comparison lacks (or repeats) adds nothing. */
export function rowsByKeys(rows: readonly CompareRow[], keys: readonly string[]): CompareRow[] {
  const byKey = new Map(rows.map((row) => [compareRowKey(row), row]))
  const chosen: CompareRow[] = []
  for (const key of keys) {
    const row = byKey.get(key)
    if (row === undefined) continue
    chosen.push(row)
    byKey.delete(key)
  }
  return chosen
}
