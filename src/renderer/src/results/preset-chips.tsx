import { STOCK_PRESET_LABELS, STOCK_PRESETS, type StockPreset } from '../../../shared/stock/stock-presets'
import { formatCount } from '../format/format'

interface PresetChipsProps {
  counts: Readonly<Record<StockPreset, number>>
  pressed: ReadonlySet<StockPreset>
  onToggle: (preset: StockPreset) => void
}

/**
 * The common questions in one click: each chip shows how many lines answer it now and, pressed,
 * shows only those. Pressed chips add up (a line answering any of them shows); the column filters
 * and the quick search narrow what they show.
 */
export function PresetChips({ counts, pressed, onToggle }: PresetChipsProps) {
  return (
    <div className="results-chips" role="group" aria-label="Presets">
      {STOCK_PRESETS.map((preset) => (
        <button
          key={preset}
          type="button"
          className="results-chip"
          data-preset={preset}
          aria-pressed={pressed.has(preset)}
          onClick={() => onToggle(preset)}
        >
          {STOCK_PRESET_LABELS[preset]} <span className="results-chip-count">{formatCount(counts[preset])}</span>
        </button>
      ))}
    </div>
  )
}
