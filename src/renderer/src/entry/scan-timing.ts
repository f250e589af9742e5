/** Scanners type a whole code faster than any person; a gap this long means a human is typing. */
export const SCANNER_MAX_GAP_MS = 35
const MIN_SCAN_LENGTH = 4

/**
 * Watches keystroke timing in one field to tell a barcode scanner's burst from human typing.
 * Pure: the caller passes each keystroke's time.
 */
export interface ScanTiming {
  keystroke(at: number): void
  /** Whether everything typed since the last reset came as one fast burst. */
  isBurst(): boolean
  reset(): void
}

export function createScanTiming(maxGapMs = SCANNER_MAX_GAP_MS): ScanTiming {
  let count = 0
  let last = Number.NEGATIVE_INFINITY
  let fast = true
  return {
    keystroke(at) {
      if (count > 0 && at - last >= maxGapMs) fast = false
      count += 1
      last = at
    },
    isBurst() {
      return fast && count >= MIN_SCAN_LENGTH
    },
    reset() {
      count = 0
      last = Number.NEGATIVE_INFINITY
      fast = true
    }
  }
}
