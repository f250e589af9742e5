import { STOCK_PRESET_LABELS, STOCK_PRESETS, type StockPreset } from '../../../shared/stock/stock-presets'
import { ChipGroup } from '../grid/chip-group'

interface PresetChipsProps {
  counts: Readonly<Record<StockPreset, number>>
  pressed: ReadonlySet<StockPreset>
  onToggle: (preset: StockPreset) => void
}

/** The common questions in one click: each chip shows how many lines answer it now and, pressed, shows only those. */
export function PresetChips({ counts, pressed, onToggle }: PresetChipsProps) {
  const chips = STOCK_PRESETS.map((preset) => ({ id: preset, label: STOCK_PRESET_LABELS[preset], count: counts[preset] }))
  return <ChipGroup label="Presets" chips={chips} pressed={pressed} onToggle={onToggle} />
}
