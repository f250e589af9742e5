import type { DatabaseSync } from 'node:sqlite'
import type { StockLocation } from '../../shared/stock/stock-figures'
import type { InventoryItem } from '../../shared/domain/line-result'
import { unpackItems, unpackLocations } from './item-batch'

/**
 * A found answer's location rows: its own compact column, or for rows stored before that column
 * existed, its item from the batch (each batch unpacked once per reader).
 */
export function createAnswerLocations(db: DatabaseSync) {
  const batchById = db.prepare('SELECT items FROM item_batches WHERE id = ?')
  const batches = new Map<number, InventoryItem[]>()
  return (row: { locations: string | null; batch_id: number | null; item_index: number | null }): readonly StockLocation[] => {
    if (row.locations !== null) return unpackLocations(row.locations)
    if (row.batch_id === null || row.item_index === null) return []
    let items = batches.get(row.batch_id)
    if (items === undefined) {
      const stored = batchById.get(row.batch_id) as { items: Uint8Array } | undefined
      items = stored === undefined ? [] : unpackItems(stored.items)
      batches.set(row.batch_id, items)
    }
    return items[row.item_index]?.inventory_locations ?? []
  }
}
