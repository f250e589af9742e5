import { describe, expect, it } from 'vitest'
import { fitBoundsToDisplays } from './window-state'

const laptop = { x: 0, y: 0, width: 1440, height: 875 }
const monitorRight = { x: 1440, y: 0, width: 2560, height: 1400 }

describe('fitBoundsToDisplays (pure: loads no Electron)', () => {
  it('opens at the default size when nothing was saved or no display is known', () => {
    expect(fitBoundsToDisplays(null, [laptop])).toBeNull()
    expect(fitBoundsToDisplays({ x: 0, y: 0, width: 800, height: 600, maximized: false }, [])).toBeNull()
  })

  it('restores a window that is fully visible exactly where it was', () => {
    const saved = { x: 1600, y: 100, width: 1200, height: 800, maximized: true }
    expect(fitBoundsToDisplays(saved, [laptop, monitorRight])).toEqual(saved)
  })

  it('centres a window from an unplugged monitor on the primary display, shrunk to fit', () => {
    const saved = { x: 1600, y: 100, width: 2000, height: 1200, maximized: false }
    expect(fitBoundsToDisplays(saved, [laptop])).toEqual({ x: 0, y: 0, width: 1440, height: 875, maximized: false })
    const small = { x: 3000, y: 500, width: 800, height: 600, maximized: false }
    expect(fitBoundsToDisplays(small, [laptop])).toEqual({ x: 320, y: 138, width: 800, height: 600, maximized: false })
  })

  it('pulls a window hanging off an edge back onto the display it mostly covers', () => {
    const saved = { x: 1200, y: -50, width: 1000, height: 700, maximized: false }
    expect(fitBoundsToDisplays(saved, [laptop, monitorRight])).toEqual({ x: 1440, y: 0, width: 1000, height: 700, maximized: false })
  })

  it('treats a sliver of window on screen as not visible', () => {
    const saved = { x: 1400, y: 200, width: 800, height: 600, maximized: false }
    expect(fitBoundsToDisplays(saved, [laptop])).toEqual({ x: 320, y: 138, width: 800, height: 600, maximized: false })
  })

  it('keeps a window on a display left of or above the primary one', () => {
    const left = { x: -1920, y: -200, width: 1920, height: 1080 }
    const saved = { x: -1500, y: -100, width: 900, height: 700, maximized: false }
    expect(fitBoundsToDisplays(saved, [laptop, left])).toEqual(saved)
  })
})
