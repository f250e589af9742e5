import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type ElectronApplication, type Page } from '@playwright/test'
import { AUTOSTART_FILE_NAME } from '../src/main/background/autostart-entry'
import { launchForEachTest, type AppGlobals } from './electron-support'

/**
 * Running in the background in the real shell: closing the window leaves the app in the tray while
 * "Keep running when the window is closed" is on, and quits when it is off; "Open at login" sets
 * the OS's login item (Electron's on macOS and Windows, an XDG autostart entry on Linux).
 */
test.describe('running in the background (Electron)', () => {
  let app: ElectronApplication
  let page: Page
  launchForEachTest((running) => ({ app, page } = running))

  const setting = (patch: Record<string, boolean>) =>
    page.evaluate((value) => (globalThis as AppGlobals).inventory.updateSettings(value), patch)

  test('with Keep running on, closing the window hides it in the tray; the app goes on running', async () => {
    expect(await setting({ keepRunningInBackground: true })).toMatchObject({ ok: true })
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close())
    await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.isVisible()))).toEqual([false])
    // Still answering: the services run on, as the schedules need.
    expect(await app.evaluate(({ app: electronApp }) => electronApp.isReady())).toBe(true)
  })

  test('with Keep running off (the default), closing the window quits the app', async () => {
    const closed = app.waitForEvent('close')
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close())
    await closed
  })

  test('Open at login sets the login item, and turning it off removes it', async () => {
    /** Where the login item is: Electron's (macOS, Windows) or the autostart entry in the XDG config folder (Linux). */
    const loginItem = () =>
      app.evaluate(({ app: electronApp }) => ({
        autostartDir: process.platform === 'linux' ? electronApp.getPath('appData') : null,
        openAtLogin: process.platform === 'linux' ? null : electronApp.getLoginItemSettings().openAtLogin
      }))
    const isOn = async () => {
      const item = await loginItem()
      return item.autostartDir === null ? item.openAtLogin : existsSync(join(item.autostartDir, 'autostart', AUTOSTART_FILE_NAME))
    }
    expect(await setting({ openAtLogin: true })).toMatchObject({ ok: true })
    await expect.poll(isOn).toBe(true)
    expect(await setting({ openAtLogin: false })).toMatchObject({ ok: true })
    await expect.poll(isOn).toBe(false)
  })
})
