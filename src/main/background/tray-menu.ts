/**
 * The tray's menu while the app keeps running with its window closed: open the window, run a
 * watchlist now, pause or resume the schedules, quit. Pure, so the Electron tray and the browser
 * harness show the same items.
 */

/** Watchlists the menu lists by name; more are run from the window. */
export const MAX_TRAY_WATCHLISTS = 15

export type TrayAction = { kind: 'open' } | { kind: 'run'; watchlistId: string } | { kind: 'pause' } | { kind: 'resume' } | { kind: 'quit' }

export type TrayEntry = { kind: 'item'; label: string; action: TrayAction } | { kind: 'separator' }

export function trayMenu(watchlists: readonly { id: string; name: string }[], schedulesPaused: boolean): TrayEntry[] {
  const sorted = [...watchlists].sort((a, b) => a.name.localeCompare(b.name))
  const shown = sorted.slice(0, MAX_TRAY_WATCHLISTS)
  const more = sorted.length - shown.length
  return [
    { kind: 'item', label: 'Open Store Inventory Lookup', action: { kind: 'open' } },
    { kind: 'separator' },
    ...shown.map((watchlist): TrayEntry => ({
      kind: 'item',
      label: `Run now: ${watchlist.name}`,
      action: { kind: 'run', watchlistId: watchlist.id }
    })),
    ...(more > 0 ? [{ kind: 'item', label: `${more} more watchlists in the window…`, action: { kind: 'open' } } as const] : []),
    ...(shown.length > 0 ? [{ kind: 'separator' } as const] : []),
    schedulesPaused
      ? { kind: 'item', label: 'Resume schedules', action: { kind: 'resume' } }
      : { kind: 'item', label: 'Pause schedules', action: { kind: 'pause' } },
    { kind: 'item', label: 'Quit', action: { kind: 'quit' } }
  ]
}
