import { useEffect, useState } from 'react'

/** Whole seconds left until `until` (an ISO time), ticking once a second; null without a target. */
export function useCountdown(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), 250)
    return () => window.clearInterval(timer)
  }, [until])
  if (until === null) return null
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000))
}
