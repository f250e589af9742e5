import { useEffect, useState } from 'react'

/** Whole seconds left until `until` (an ISO time), ticking while there is a target; null without one. */
export function useCountdown(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    const tick = () => setNow(Date.now())
    // The clock stood still while there was no target; catch up at once rather than a tick later.
    const first = window.setTimeout(tick, 0)
    const timer = window.setInterval(tick, 250)
    return () => {
      window.clearTimeout(first)
      window.clearInterval(timer)
    }
  }, [until])
  if (until === null) return null
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000))
}
