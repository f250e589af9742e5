import { seededRandom } from '../../src/main/demo-api/demo-random'
import { gs1CheckDigit } from '../../src/shared/domain/gtin'
import type { LineResult } from '../../src/shared/domain/line-result'

const AREAS = ['store', 'backroom', 'mfc'] as const
const STATES = ['available', 'available', 'available', 'on_order', 'in_transit', 'reserved'] as const
const SUPPLIERS = ['Northwind Grocery Supply Co.', 'Maple Ridge Foods Ltd.', 'Great Lakes Snack Company'] as const
const PRODUCTS = [
  'Oat milk 1 L',
  'Rye bread 500 g',
  'Green tea, 20 bags',
  'Maple syrup 250 ml',
  'Dish soap 750 ml',
  'Trail mix 400 g'
] as const

/** The imported file's other columns the fake job carries with each line, as a supplier's workbook would. */
export const FAKE_CARRIED_COLUMNS = ['Description', 'Case Pack'] as const

/**
 * Result log entries for a made-up job of `lineCount` lines: mostly found items with one to three
 * locations (each item's raw JSON shaped like a real answer; a mix of in stock, low, out of stock and
 * shelf-empty-with-backroom-stock), every other status in realistic proportions, and each line's
 * cells of an imported file (Description, Case Pack).
 */
export function fakeLineResults(lineCount: number, seed = 42): LineResult[] {
  // Deterministic, so every benchmark run sorts and filters the same data.
  const next = seededRandom(seed)
  const results: LineResult[] = []
  for (let line = 1; line <= lineCount; line += 1) {
    const data = `00${String(Math.floor(next() * 1e11)).padStart(11, '0')}`
    const gtin = `${data}${gs1CheckDigit(data)}`
    const input = gtin.replace(/^0+/, '')
    const carried = [`${PRODUCTS[line % PRODUCTS.length] ?? ''} #${line}`, String([6, 12, 24][line % 3])]
    const roll = next()
    if (roll < 0.8) {
      const count = 1 + Math.floor(next() * 3)
      const locations = Array.from({ length: count }, (_, index) => ({
        location_area: AREAS[index % AREAS.length] ?? 'store',
        state: STATES[Math.floor(next() * STATES.length)] ?? 'available',
        quantity: next() < 0.2 ? 0 : next() < 0.15 ? Math.round(next() * 500) / 100 : Math.floor(next() * 400)
      }))
      const total = locations.reduce((sum, location) => sum + location.quantity, 0)
      const wmItemNumber = String(100_000_000 + Math.floor(next() * 899_999_999))
      const supplier = SUPPLIERS[Math.floor(next() * SUPPLIERS.length)] ?? SUPPLIERS[0]
      results.push({
        storeNbr: 1234,
        line,
        input,
        value: gtin,
        status: 'found',
        carried,
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
    } else if (roll < 0.9) {
      results.push({ storeNbr: 1234, line, input, value: gtin, status: 'not_found', carried })
    } else if (roll < 0.94) {
      results.push({
        storeNbr: 1234,
        line,
        input: `${input.slice(0, 6)}E+7`,
        value: null,
        status: 'invalid',
        invalidReason: 'scientific_notation',
        carried
      })
    } else if (roll < 0.97) {
      results.push({ storeNbr: 1234, line, input, value: gtin, status: 'duplicate', duplicateOf: Math.max(1, line - 7), carried })
    } else if (roll < 0.99) {
      results.push({
        storeNbr: 1234,
        line,
        input,
        value: gtin,
        status: 'failed',
        carried,
        error: { code: 'server_error', message: 'The inventory service had an internal error.', status: 500 }
      })
    } else {
      results.push({ storeNbr: 1234, line, input, value: gtin, status: 'cancelled', carried })
    }
  }
  return results
}
