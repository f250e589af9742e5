import { csvSeparatorFor, type CsvSeparator } from '../../../shared/export/csv-separator'
import { decimalMark, formatNumber } from '../../../shared/format/numbers'

/**
 * Every number and date on screen, in one locale: the window's, which Electron sets to the
 * operating system's (and a test sets with the browser's locale). Nothing else in the renderer
 * formats numbers or dates (lint holds it); files keep plain numbers and never come through here.
 */
export const SCREEN_LOCALE = navigator.language

/** The formatters of one locale; the screen's are below, tests ask for others. */
export function formatsFor(locale: string) {
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  const clockSeconds = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const dateTimeSeconds = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' })

  return {
    /** "14:05" */
    clock: (iso: string) => clock.format(new Date(iso)),
    /** "14:02:11" */
    clockSeconds: (iso: string) => clockSeconds.format(new Date(iso)),
    /** "3 Mar 2025, 14:02" in en-GB, "03.03.2025, 14:02" in de-DE */
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    /** "3 Mar 2025, 14:02:11" */
    dateTimeSeconds: (iso: string) => dateTimeSeconds.format(new Date(iso)),
    /** A count or a quantity (fractional for items sold by weight): "1,234.5" in en-US, "1.234,5" in de-DE. */
    count: (value: number) => formatNumber(value, { locale }),
    /** Values a second, to one decimal. */
    rate: (value: number) => formatNumber(value, { maximumFractionDigits: 1, locale }),
    /** "812 KB", "1.4 MB", "2.1 GB" (powers of 1,024, as file managers show them). */
    bytes(bytes: number): string {
      const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
      let value = bytes
      let unit = 0
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024
        unit += 1
      }
      if (unit === 0) return `${formatNumber(value, { maximumFractionDigits: 0, locale })} ${value === 1 ? 'byte' : 'bytes'}`
      return `${formatNumber(value, { maximumFractionDigits: 1, locale })} ${units[unit] ?? ''}`
    },
    /** The CSV separator a spreadsheet in this locale expects: a semicolon where the decimal mark is a comma. */
    csvSeparator: (): CsvSeparator => csvSeparatorFor(decimalMark(locale))
  }
}

const screen = formatsFor(SCREEN_LOCALE)

export const formatClock = screen.clock
export const formatClockSeconds = screen.clockSeconds
export const formatDateTime = screen.dateTime
export const formatDateTimeSeconds = screen.dateTimeSeconds
export const formatBytes = screen.bytes
export const formatCount = screen.count
export const formatRate = screen.rate
export const screenCsvSeparator = screen.csvSeparator

/** Whether the moment fell on today's date where the person is. */
export function isToday(iso: string, now: Date = new Date()): boolean {
  return new Date(iso).toDateString() === now.toDateString()
}

/** "45 s", "3 min 05 s", "1 h 02 min" */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}
