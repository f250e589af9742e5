const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const clockSeconds = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23'
})
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dateTimeSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
const count = new Intl.NumberFormat(undefined)
const size = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })
const rate = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

/** "14:05" */
export function formatClock(iso: string): string {
  return clock.format(new Date(iso))
}

/** "14:02:11" */
export function formatClockSeconds(iso: string): string {
  return clockSeconds.format(new Date(iso))
}

/** "3 Mar 2025, 14:02" */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso))
}

/** "3 Mar 2025, 14:02:11" */
export function formatDateTimeSeconds(iso: string): string {
  return dateTimeSeconds.format(new Date(iso))
}

/** Whether the moment fell on today's date where the person is. */
export function isToday(iso: string, now: Date = new Date()): boolean {
  return new Date(iso).toDateString() === now.toDateString()
}

/** "812 KB", "1.4 MB", "2.1 GB" (powers of 1,024, as file managers show them). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${count.format(value)} ${value === 1 ? 'byte' : 'bytes'}` : `${size.format(value)} ${units[unit] ?? ''}`
}

export function formatCount(value: number): string {
  return count.format(value)
}

export function formatRate(valuesPerSecond: number): string {
  return rate.format(valuesPerSecond)
}

/** "45 s", "3 min 05 s", "1 h 02 min" */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}
