import type { BrowserWindow, Rectangle } from 'electron'
import type { WindowBounds } from '../../shared/settings'
import type { Logger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 }
const MIN_VISIBLE = { width: 200, height: 120 }
const SAVE_DELAY_MS = 500

/**
 * Where to put a window saved at `saved`, given the displays' work areas now (the first is the
 * primary). A window that would be mostly off-screen (a display was unplugged, the resolution
 * shrank) is moved back onto the display it overlaps most, or centred on the primary one, and
 * shrunk to fit. Null when nothing was saved: the window then opens at its default size, centred.
 */
export function fitBoundsToDisplays(saved: WindowBounds | null, workAreas: readonly Rectangle[]): WindowBounds | null {
  if (saved === null) return null
  const primary = workAreas[0]
  if (primary === undefined) return null

  let best: Rectangle | null = null
  let bestOverlap = { width: 0, height: 0 }
  for (const area of workAreas) {
    const overlap = intersection(saved, area)
    if (overlap.width * overlap.height > bestOverlap.width * bestOverlap.height) {
      best = area
      bestOverlap = overlap
    }
  }
  const visibleEnough = best !== null && bestOverlap.width >= MIN_VISIBLE.width && bestOverlap.height >= MIN_VISIBLE.height
  const area = visibleEnough && best !== null ? best : primary
  const width = Math.min(saved.width, area.width)
  const height = Math.min(saved.height, area.height)
  const x = visibleEnough ? clamp(saved.x, area.x, area.x + area.width - width) : area.x + Math.round((area.width - width) / 2)
  const y = visibleEnough ? clamp(saved.y, area.y, area.y + area.height - height) : area.y + Math.round((area.height - height) / 2)
  return { x, y, width, height, maximized: saved.maximized }
}

function intersection(a: Rectangle, b: Rectangle): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return { width: Math.max(0, width), height: Math.max(0, height) }
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max))
}

/**
 * Saves the window's normal (un-maximized) bounds and maximized state shortly after the user
 * moves or resizes it, and once more when it closes. `flush` waits for the last save.
 */
export function trackWindowBounds(win: BrowserWindow, settings: Pick<SettingsStore, 'setWindowBounds'>, log: Logger) {
  let timer: NodeJS.Timeout | null = null
  let pending: Promise<void> = Promise.resolve()

  function save(): void {
    if (timer !== null) clearTimeout(timer)
    timer = null
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return
    const { x, y, width, height } = win.getNormalBounds()
    const bounds = { x, y, width, height, maximized: win.isMaximized() }
    pending = settings.setWindowBounds(bounds).catch((error: unknown) => {
      // A display smaller than the minimum size, or a full disk: not worth bothering the user.
      log.warn('the window position could not be saved', { error })
    })
  }
  function saveSoon(): void {
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(save, SAVE_DELAY_MS)
  }

  win.on('resize', saveSoon)
  win.on('move', saveSoon)
  win.on('maximize', saveSoon)
  win.on('unmaximize', saveSoon)
  win.on('close', save)

  return {
    flush: async () => {
      await pending
    }
  }
}
