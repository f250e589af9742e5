import type { StockStatus } from './stock-status'

/** One-click answers to the questions a store asks of a lookup; each is a set of stock statuses. */
export const STOCK_PRESETS = ['out_of_stock', 'shelf_empty', 'low_stock', 'not_found', 'needs_attention'] as const
export type StockPreset = (typeof STOCK_PRESETS)[number]

export const STOCK_PRESET_LABELS: Readonly<Record<StockPreset, string>> = {
  out_of_stock: 'Out of stock',
  shelf_empty: 'Shelf empty, backroom has stock',
  low_stock: 'Low stock',
  not_found: 'Not found',
  needs_attention: 'Needs attention'
}

export const STOCK_PRESET_STATUSES: Readonly<Record<StockPreset, ReadonlySet<StockStatus>>> = {
  out_of_stock: new Set(['out_of_stock']),
  shelf_empty: new Set(['shelf_empty']),
  low_stock: new Set(['low_stock']),
  not_found: new Set(['not_found']),
  needs_attention: new Set(['out_of_stock', 'shelf_empty', 'low_stock', 'failed'])
}

/** The statuses any of the pressed presets shows; null when none is pressed (everything shows). */
export function presetStatuses(presets: Iterable<StockPreset>): ReadonlySet<StockStatus> | null {
  const statuses = new Set<StockStatus>()
  let any = false
  for (const preset of presets) {
    any = true
    for (const status of STOCK_PRESET_STATUSES[preset]) statuses.add(status)
  }
  return any ? statuses : null
}

/** Lines per preset, from lines per status. */
export function presetCounts(statusCounts: Readonly<Record<StockStatus, number>>): Record<StockPreset, number> {
  const counts = {} as Record<StockPreset, number>
  for (const preset of STOCK_PRESETS) {
    let total = 0
    for (const status of STOCK_PRESET_STATUSES[preset]) total += statusCounts[status]
    counts[preset] = total
  }
  return counts
}
