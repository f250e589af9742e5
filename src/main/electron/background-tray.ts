import { app, Menu, nativeImage, Notification, Tray } from 'electron'
import type { BackgroundEffects } from '../background/background-mode'
import type { TrayAction, TrayEntry } from '../background/tray-menu'
import { writeAutostartEntry } from '../background/autostart-entry'
import type { Logger } from '../logging/logger'

/** Started with this argument, the app opens in the tray without its window (the login item passes it). */
export const OPENED_HIDDEN_ARG = '--hidden'

/**
 * Electron's tray, login item and notifications for running in the background: only what the OS
 * offers, each choice handed back to the services (`choose`).
 */
export function createTrayEffects(parts: {
  iconPath: string
  openWindow(): void
  quit(): void
  choose(action: TrayAction): void
  log: Pick<Logger, 'warn'>
}): BackgroundEffects {
  let tray: Tray | null = null
  const template = (entries: readonly TrayEntry[]): Electron.MenuItemConstructorOptions[] =>
    entries.map((entry) =>
      entry.kind === 'separator' ? { type: 'separator' } : { label: entry.label, click: () => parts.choose(entry.action) }
    )
  return {
    setTray(entries) {
      if (entries === null) {
        tray?.destroy()
        tray = null
        return
      }
      if (tray === null) {
        tray = new Tray(nativeImage.createFromPath(parts.iconPath).resize({ width: 16, height: 16 }))
        tray.setToolTip('Store Inventory Lookup')
        // Windows and Linux open the window on a click; the menu is on the right click (and the only way on macOS).
        tray.on('click', () => parts.openWindow())
      }
      tray.setContextMenu(Menu.buildFromTemplate(template(entries)))
    },
    setOpenAtLogin(open) {
      if (process.platform === 'linux') {
        // Electron's login item is for macOS and Windows; Linux desktops read ~/.config/autostart.
        writeAutostartEntry(app.getPath('appData'), process.execPath, open).catch((error: unknown) =>
          parts.log.warn('the login item could not be changed', { error })
        )
        return
      }
      // Windows passes the argument; macOS says instead that the app was opened at login (wasOpenedAtLogin).
      app.setLoginItemSettings({ openAtLogin: open, args: [OPENED_HIDDEN_ARG] })
    },
    openWindow: parts.openWindow,
    quit: parts.quit,
    tell(sentence) {
      if (Notification.isSupported()) new Notification({ title: 'Store Inventory Lookup', body: sentence }).show()
    }
  }
}
