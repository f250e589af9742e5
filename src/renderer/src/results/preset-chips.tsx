import { STOCK_PRESET_LABELS, STOCK_PRESETS, type StockPreset } from '../../../shared/stock/stock-presets'
import type { LookupView } from '../../../shared/views/lookup-views'
import { ChipGroup } from '../grid/chip-group'

interface PresetChipsProps {
  /** The view the chips belong to: By item asks its questions of an item across the stores. */
  view: LookupView
  counts: Readonly<Record<StockPreset, number>>
  pressed: ReadonlySet<StockPreset>
  onToggle: (preset: StockPreset) => void
}

/** By item's chips show the items that answer a preset in at least one store, and say so. */
const BY_ITEM_LABELS: Readonly<Record<StockPreset, string>> = {
  out_of_stock: 'Out of stock somewhere',
  shelf_empty: 'Shelf empty somewhere',
  low_stock: 'Low stock somewhere',
  not_found: 'Not found somewhere',
  needs_attention: 'Needs attention somewhere'
}

/** The common questions in one click: each chip shows how many lines answer it now and, pressed, shows only those. */
export function PresetChips({ view, counts, pressed, onToggle }: PresetChipsProps) {
  const labels = view === 'by-item' ? BY_ITEM_LABELS : STOCK_PRESET_LABELS
  const chips = STOCK_PRESETS.map((preset) => ({ id: preset, label: labels[preset], count: counts[preset] }))
  return <ChipGroup label="Presets" chips={chips} pressed={pressed} onToggle={onToggle} />
}
