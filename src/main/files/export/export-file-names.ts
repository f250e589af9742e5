import type { ExportFormat } from '../../../shared/contract'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import type { LookupView } from '../../../shared/views/lookup-views'
import type { StoredLookup } from '../../history/history-types'

/** "20250110-0900", in UTC. */
export function stamp(time: number): string {
  return new Date(time).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')
}

function storesPart(lookup: Pick<StoredLookup, 'stores'>): string {
  return lookup.stores.length === 1 ? `store${lookup.stores[0] ?? ''}` : `${lookup.stores.length}stores`
}

/** "inventory-demo-store1234-20250110-0900-items.xlsx": what the save dialog offers for a lookup's results. */
export function resultsFileName(
  lookup: Pick<StoredLookup, 'environment' | 'stores' | 'startedAt'>,
  view: LookupView,
  format: ExportFormat
): string {
  return `inventory-${ENVIRONMENT_LABELS[lookup.environment].toLowerCase()}-${storesPart(lookup)}-${stamp(lookup.startedAt)}-${view}.${format}`
}

type Compared = Pick<StoredLookup, 'environment' | 'stores' | 'startedAt'>

/** "inventory-compare-demo-store1234-20250110-0900-vs-20250111-0900.xlsx": what the save dialog offers for a comparison. */
export function comparisonFileName({ then, now }: { then: Compared; now: Compared }, format: ExportFormat): string {
  return `inventory-compare-${ENVIRONMENT_LABELS[now.environment].toLowerCase()}-${storesPart(now)}-${stamp(then.startedAt)}-vs-${stamp(now.startedAt)}.${format}`
}
