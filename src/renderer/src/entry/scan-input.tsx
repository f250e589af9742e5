import { useId, useRef, type KeyboardEvent } from 'react'
import { createScanTiming } from './scan-timing'

export type ScanFeedback = { tone: 'info' | 'warning'; text: string } | null

interface ScanInputProps {
  onScan: (value: string, fromScanner: boolean) => void
  feedback: ScanFeedback
}

/**
 * A field for barcode scanners, which type the code quickly and press Enter. Enter adds the value
 * and leaves the focus here for the next scan; typing by hand and pressing Enter works the same.
 */
export function ScanInput({ onScan, feedback }: ScanInputProps) {
  const ids = useId()
  const timing = useRef(createScanTiming())

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    // Ctrl+Enter is the entry form's: it runs the lookup.
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault()
      const value = input.value.trim()
      if (value !== '') onScan(value, timing.current.isBurst())
      input.value = ''
      timing.current.reset()
      return
    }
    if (event.key === 'Escape') {
      input.value = ''
      timing.current.reset()
      return
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (input.value === '') timing.current.reset()
      timing.current.keystroke(event.timeStamp)
    }
  }

  return (
    <div className="field scan-field">
      <label htmlFor={`${ids}-scan`}>Scan</label>
      <input
        id={`${ids}-scan`}
        type="text"
        className="scan-input"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${ids}-scan-hint ${ids}-scan-feedback`}
        onKeyDown={onKeyDown}
      />
      <span id={`${ids}-scan-hint`} className="field-hint">
        Click here and scan; each scan adds one value.
      </span>
      <span id={`${ids}-scan-feedback`} className="scan-feedback" role="status" data-tone={feedback?.tone ?? 'info'}>
        {feedback?.text ?? ''}
      </span>
    </div>
  )
}
