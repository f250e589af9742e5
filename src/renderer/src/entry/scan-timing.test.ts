import { describe, expect, it } from 'vitest'
import { createScanTiming } from './scan-timing'

function typeAt(times: number[]) {
  const timing = createScanTiming()
  for (const at of times) timing.keystroke(at)
  return timing
}

describe('scan timing', () => {
  it('takes keystrokes under 35 ms apart as a scanner burst', () => {
    expect(typeAt([0, 8, 16, 24, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]).isBurst()).toBe(true)
  })

  it('takes one slow gap as human typing', () => {
    expect(typeAt([0, 8, 16, 24, 124, 130]).isBurst()).toBe(false)
    expect(typeAt([0, 35, 70, 105]).isBurst()).toBe(false)
  })

  it('needs a few characters before calling it a scan', () => {
    expect(typeAt([0, 5, 10]).isBurst()).toBe(false)
  })

  it('starts over after a reset', () => {
    const timing = typeAt([0, 200, 400, 600])
    expect(timing.isBurst()).toBe(false)
    timing.reset()
    for (const at of [1000, 1005, 1010, 1015]) timing.keystroke(at)
    expect(timing.isBurst()).toBe(true)
  })
})
