import { seededRandom } from '../../src/main/demo-api/demo-random'
import { gs1CheckDigit } from '../../src/shared/domain/gtin'
import type { LineResult } from '../../src/shared/domain/line-result'

const AREAS = ['Store', 'Backroom', 'MFC'] as const
const STATES = ['available', 'on_order', 'in_transit'] as const
const SUPPLIERS = ['Northwind Grocery Supply Co.', 'Maple Ridge Foods Ltd.', 'Great Lakes Snack Company'] as const

/**
 * Result log entries for a made-up job whose grid has exactly `rowCount` rows: mostly found items
 * with one to three locations (each item's raw JSON shaped like a real answer), and every other
 * status in realistic proportions.
 */
export function fakeLineResults(rowCount: number, seed = 42): LineResult[] {
  // Deterministic, so every benchmark run sorts and filters the same data.
  const next = seededRandom(seed)
  const results: LineResult[] = []
  let rows = 0
  let line = 1
  while (rows < rowCount) {
    const data = `00${String(Math.floor(next() * 1e11)).padStart(11, '0')}`
    const gtin = `${data}${gs1CheckDigit(data)}`
    const input = gtin.replace(/^0+/, '')
    const roll = next()
    if (roll < 0.8) {
      const count = Math.min(1 + Math.floor(next() * 3), rowCount - rows)
      const locations = Array.from({ length: count }, (_, index) => ({
        location_area: AREAS[index % AREAS.length] ?? 'Store',
        state: STATES[Math.floor(next() * STATES.length)] ?? 'available',
        quantity: next() < 0.15 ? Math.round(next() * 5000) / 100 : Math.floor(next() * 400)
      }))
      const total = locations.reduce((sum, location) => sum + location.quantity, 0)
      const wmItemNumber = String(100_000_000 + Math.floor(next() * 899_999_999))
      const supplier = SUPPLIERS[Math.floor(next() * SUPPLIERS.length)] ?? SUPPLIERS[0]
      results.push({
        line,
        input,
        value: gtin,
        status: 'found',
        ...(input.length < 14 && next() < 0.3 ? { note: 'leading zeros restored' } : {}),
        item: {
          gtin,
          wm_item_number: wmItemNumber,
          supplier_name: supplier,
          store_nbr: 1234,
          inventory_locations: locations,
          total_quantity: total,
          raw: {
            gtin,
            wm_item_number: wmItemNumber,
            inventory_locations: locations,
            cid_level_inventories: [{ cid: `C${line}`, quantity: total, unit_of_measure: 'EA' }],
            cross_references: [],
            lastUpdatedTime: '2025-01-01T12:00:00Z',
            item_status: 'A',
            dept_nbr: 1 + (line % 90)
          }
        }
      })
      rows += count
    } else if (roll < 0.9) {
      results.push({ line, input, value: gtin, status: 'not_found' })
      rows += 1
    } else if (roll < 0.94) {
      results.push({ line, input: `${input.slice(0, 6)}E+7`, value: null, status: 'invalid', invalidReason: 'scientific_notation' })
      rows += 1
    } else if (roll < 0.97) {
      results.push({ line, input, value: gtin, status: 'duplicate', duplicateOf: Math.max(1, line - 7) })
      rows += 1
    } else if (roll < 0.99) {
      results.push({
        line,
        input,
        value: gtin,
        status: 'failed',
        error: { code: 'server_error', message: 'The inventory service had an internal error.', status: 500 }
      })
      rows += 1
    } else {
      results.push({ line, input, value: gtin, status: 'cancelled' })
      rows += 1
    }
    line += 1
  }
  return results
}
