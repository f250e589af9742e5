import { expect, test, type ElectronApplication, type Page } from '@playwright/test'
import { executablePath, launchForEachTest, type AppGlobals } from './electron-support'

/**
 * The real Electron window: what only the real shell can show. The hardened window, the sandboxed
 * renderer, IPC through the preload, the CSP on the loaded page, and what DevTools and navigation
 * may do. The app's tasks in the real window are in electron-workflow.spec.ts.
 */

/** Set by the GitHub workflow, where Electron is downloaded: there a missing binary is a failure, not a skip. */
if (process.env.REQUIRE_ELECTRON === '1') {
  test('the Electron binary is installed, as this run requires', () => {
    expect(executablePath, 'REQUIRE_ELECTRON=1, but npm ci did not install the Electron binary').not.toBeNull()
  })
}

test.describe('the Electron window', () => {
  let app: ElectronApplication
  let page: Page
  launchForEachTest((running) => ({ app, page } = running))

  test('opens one window whose renderer sees window.inventory and nothing of Node', async () => {
    expect(app.windows()).toHaveLength(1)
    // Served from the app's own scheme, not file://.
    expect(page.url()).toBe('app://renderer/index.html')
    const globals = await page.evaluate(() => ({
      require: typeof require,
      process: typeof process,
      inventory: Object.keys((globalThis as AppGlobals).inventory).sort()
    }))
    expect(globals).toMatchObject({ require: 'undefined', process: 'undefined' })
    expect(globals.inventory).toContain('getSettings')
    expect(globals.inventory).not.toContain('invoke')
  })

  test('round-trips settings through the preload and IPC', async () => {
    const first = await page.evaluate(() => (globalThis as AppGlobals).inventory.getSettings())
    expect(first).toMatchObject({ ok: true, value: { settings: { environment: 'demo' }, warning: null } })

    const updated = await page.evaluate(() => (globalThis as AppGlobals).inventory.updateSettings({ lowStockLevel: 7 }))
    expect(updated).toMatchObject({ ok: true, value: { settings: { lowStockLevel: 7 } } })
    const again = await page.evaluate(() => (globalThis as AppGlobals).inventory.getSettings())
    expect(again).toMatchObject({ ok: true, value: { settings: { lowStockLevel: 7 } } })
  })

  test('the Content Security Policy is in force: an inline script is blocked and reported', async () => {
    const outcome = await page.evaluate(
      () =>
        new Promise<{ directive: string; ran: boolean }>((resolve) => {
          document.addEventListener(
            'securitypolicyviolation',
            (event) => resolve({ directive: event.effectiveDirective, ran: (globalThis as { inlineRan?: boolean }).inlineRan === true }),
            { once: true }
          )
          const script = document.createElement('script')
          script.textContent = 'globalThis.inlineRan = true'
          document.head.append(script)
        })
    )
    expect(outcome.directive).toMatch(/^script-src/)
    expect(outcome.ran).toBe(false)
  })

  test('refuses pop-ups, and navigation away from the app opens the link outside instead', async () => {
    const appUrl = page.url()
    // The link would go to the user's browser: recorded here instead of starting one.
    await app.evaluate(({ BrowserWindow, shell }) => {
      const opened: string[] = []
      const contents = BrowserWindow.getAllWindows()[0]?.webContents
      Object.assign(globalThis, {
        openedOutside: opened,
        navigationTried: new Promise<string>((resolve) => contents?.once('will-navigate', (event) => resolve(event.url)))
      })
      shell.openExternal = async (url: string) => {
        opened.push(url)
      }
    })

    const refused = await page.evaluate(() => (globalThis as AppGlobals).open('https://example.com/') === null)
    expect(refused).toBe(true)
    await page.evaluate(() => {
      ;(globalThis as AppGlobals).location.href = 'https://example.com/docs'
    })
    const tried = await app.evaluate(() => (globalThis as unknown as { navigationTried: Promise<string> }).navigationTried)
    expect(tried).toBe('https://example.com/docs')
    expect(page.url()).toBe(appUrl)
    expect(app.windows()).toHaveLength(1)
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { openedOutside: string[] }).openedOutside))
      .toEqual(['https://example.com/', 'https://example.com/docs'])
  })

  test('DevTools and reload are offered only to an unpackaged build: the menu and the window follow app.isPackaged', async () => {
    const shell = await app.evaluate(({ app: electronApp, Menu }) => ({
      isPackaged: electronApp.isPackaged,
      roles: (Menu.getApplicationMenu()?.items ?? []).flatMap((item) =>
        (item.submenu?.items ?? []).map((entry) => String(entry.role ?? '').toLowerCase())
      )
    }))
    for (const role of ['toggledevtools', 'reload', 'forcereload']) expect(shell.roles.includes(role), role).toBe(!shell.isPackaged)
    // Copy and paste stay in every build.
    expect(shell.roles).toEqual(expect.arrayContaining(['copy', 'paste']))

    // A window made with devTools off ignores a request to open them.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.webContents.openDevTools({ mode: 'detach' }))
    const devToolsOpen = () =>
      app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.webContents.isDevToolsOpened() ?? false)
    await expect.poll(devToolsOpen).toBe(!shell.isPackaged)
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.webContents.closeDevTools())
    await expect.poll(devToolsOpen).toBe(false)
  })
})
