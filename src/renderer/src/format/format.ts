const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const clockSeconds = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23'
})
const count = new Intl.NumberFormat(undefined)
const rate = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

/** "14:05" */
export function formatClock(iso: string): string {
  return clock.format(new Date(iso))
}

/** "14:02:11" */
export function formatClockSeconds(iso: string): string {
  return clockSeconds.format(new Date(iso))
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
