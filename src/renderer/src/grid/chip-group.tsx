import { formatCount } from '../format/format'

export interface Chip<Id extends string> {
  readonly id: Id
  readonly label: string
  /** How many rows the chip shows when pressed. */
  readonly count: number
}

interface ChipGroupProps<Id extends string> {
  /** The group's accessible name: "Presets", "Changes". */
  label: string
  chips: readonly Chip<Id>[]
  pressed: ReadonlySet<Id>
  onToggle: (id: Id) => void
}

/**
 * Toggle buttons with live counts. Pressed chips add up (a row answering any of them shows); the
 * column filters and the quick search narrow what they show.
 */
export function ChipGroup<Id extends string>({ label, chips, pressed, onToggle }: ChipGroupProps<Id>) {
  return (
    <div className="results-chips" role="group" aria-label={label}>
      {chips.map((chip) => (
        <button
          key={chip.id}
          type="button"
          className="results-chip"
          data-chip={chip.id}
          aria-pressed={pressed.has(chip.id)}
          onClick={() => onToggle(chip.id)}
        >
          {chip.label} <span className="results-chip-count">{formatCount(chip.count)}</span>
        </button>
      ))}
    </div>
  )
}
