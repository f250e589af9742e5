import { useEffect, useId, useState } from 'react'
import { MAX_LOW_STOCK_LEVEL } from '../../../shared/stock/stock-status'

interface LowStockFieldProps {
  level: number
  onChange: (level: number) => void
}

function parseLevel(text: string): number | null {
  if (!/^\s*\d+(?:\.\d+)?\s*$/.test(text)) return null
  const level = Number(text)
  return level <= MAX_LOW_STOCK_LEVEL ? level : null
}

/** "Low stock at or under [3]": an item with that much on hand or less, but some, is Low stock. */
export function LowStockField({ level, onChange }: LowStockFieldProps) {
  const [text, setText] = useState(String(level))
  const [shown, setShown] = useState(level)
  const hintId = useId()
  if (level !== shown) {
    setShown(level)
    if (parseLevel(text) !== level) setText(String(level))
  }
  const parsed = parseLevel(text)

  // Saved a moment after typing stops, so a two-digit level is not saved one digit at a time.
  useEffect(() => {
    if (parsed === null || parsed === level) return undefined
    const timer = setTimeout(() => onChange(parsed), 300)
    return () => clearTimeout(timer)
  }, [parsed, level, onChange])

  return (
    <label className="results-low-stock">
      <span>Low stock at or under</span>
      <input
        type="text"
        inputMode="decimal"
        value={text}
        size={4}
        aria-invalid={parsed === null || undefined}
        aria-describedby={parsed === null ? hintId : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (parsed === null) setText(String(level))
        }}
      />
      {parsed === null ? (
        <span id={hintId} className="visually-hidden">
          Enter a number of units, 0 or more.
        </span>
      ) : null}
    </label>
  )
}
