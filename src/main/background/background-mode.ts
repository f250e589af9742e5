import type { Settings } from '../../shared/settings'
import { AppError } from '../../shared/domain/app-error'
import type { Logger } from '../logging/logger'
import type { AppScheduler } from '../schedules/app-scheduler'
import type { SettingsStore } from '../settings/settings-store'
import type { WatchlistService } from '../watchlists/watchlist-service'
import { trayMenu, type TrayAction, type TrayEntry } from './tray-menu'

/** The OS's side of running in the background: Electron's tray and login item, or the harness's record of them. */
export interface BackgroundEffects {
  /** Shows the tray icon with this menu, or removes it (null). */
  setTray(entries: readonly TrayEntry[] | null): void
  /** The app opens, hidden in the tray, when the person logs in; or it does not. */
  setOpenAtLogin(open: boolean): void
  /** Brings the window back, opening it again if it was closed. */
  openWindow(): void
  /** Quits as the menu's Quit does: asking first while a lookup runs. */
  quit(): void
  /** Tells the person something that went wrong while the window may be closed (a desktop notification in the app). */
  tell(sentence: string): void
}

/**
 * "Keep running when the window is closed" and "Open at login": the tray and the login item follow
 * the settings, and the tray's choices act through the same services as the window. The headless
 * command has no effects here: nothing of the OS is touched, only the schedules' pause is kept.
 */
export function createBackgroundMode(parts: {
  settings: Pick<SettingsStore, 'current' | 'update'>
  watchlists: Pick<WatchlistService, 'list' | 'run'>
  schedules: Pick<AppScheduler, 'pause' | 'resume' | 'paused'>
  effects: BackgroundEffects | null
  log: Pick<Logger, 'warn'>
}) {
  const { settings, watchlists, schedules, effects, log } = parts
  let loginItem: boolean | null = null

  function applyPause(current: Settings): void {
    if (current.schedulesPaused === schedules.paused()) return
    if (current.schedulesPaused) schedules.pause()
    else schedules.resume()
  }

  async function refresh(): Promise<void> {
    const current = settings.current().settings
    applyPause(current)
    if (effects === null) return
    if (loginItem !== current.openAtLogin) {
      loginItem = current.openAtLogin
      effects.setOpenAtLogin(current.openAtLogin)
    }
    effects.setTray(current.keepRunningInBackground ? trayMenu(await watchlists.list(), current.schedulesPaused) : null)
  }

  async function run(watchlistId: string): Promise<void> {
    try {
      await watchlists.run(watchlistId)
    } catch (error) {
      log.warn('a watchlist run from the tray could not start', { error })
      const reason = error instanceof AppError ? error.message : 'Something went wrong; the details are in the log.'
      effects?.tell(`The watchlist could not run: ${reason}`)
    }
  }

  return {
    /** Follows the settings and the watchlists: call after either changes, and once at start. */
    refresh,
    /** Closing the window leaves the app running in the tray. */
    keepsRunning: () => settings.current().settings.keepRunningInBackground,
    /** A choice in the tray's menu. */
    async choose(action: TrayAction): Promise<void> {
      switch (action.kind) {
        case 'open':
          effects?.openWindow()
          return
        case 'quit':
          effects?.quit()
          return
        case 'run':
          return run(action.watchlistId)
        case 'pause':
        case 'resume':
          // The settings' change is what pauses the schedules and redraws the menu (refresh).
          await settings.update({ schedulesPaused: action.kind === 'pause' })
      }
    }
  }
}

export type BackgroundMode = ReturnType<typeof createBackgroundMode>
