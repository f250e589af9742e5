import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'
import type { InventoryApi } from '../src/shared/contract'

/**
 * The real Electron app, built by electron-vite, launched by Playwright. Checks what only the
 * real shell can show: the hardened window, the sandboxed renderer and IPC through the preload.
 */

const MISSING_ELECTRON =
  'Electron binary is not installed on this machine (it is downloaded from GitHub, which this machine cannot reach); run on a machine with the binary'

/**
 * The Electron executable, found the way electron's own index.js finds it but without loading
 * that file, which may try to download the binary.
 */
function electronExecutable(): string | null {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  let packageDir: string
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  } catch {
    return null
  }
  const pathFile = join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const executable = join(override ?? join(packageDir, 'dist'), readFileSync(pathFile, 'utf8').trim())
  return existsSync(executable) ? executable : null
}

const executablePath = electronExecutable()
const mainEntry = resolve(import.meta.dirname, '..', 'out', 'main', 'index.js')

/** What the page's global object offers; the Node-side typings here have no DOM. */
type AppGlobals = typeof globalThis & { inventory: InventoryApi; open(url: string): unknown; location: { href: string } }

/** Set by the GitHub workflow, where Electron is downloaded: there a missing binary is a failure, not a skip. */
if (process.env.REQUIRE_ELECTRON === '1') {
  test('the Electron binary is installed, as this run requires', () => {
    expect(executablePath, 'REQUIRE_ELECTRON=1, but npm ci did not install the Electron binary').not.toBeNull()
  })
}

test.describe('the Electron app', () => {
  test.skip(executablePath === null, MISSING_ELECTRON)

  let app: ElectronApplication
  let page: Page
  let userData: string

  test.beforeEach(async () => {
    expect(existsSync(mainEntry), 'build the app first: npm run build').toBe(true)
    userData = mkdtempSync(join(tmpdir(), 'inventory-electron-'))
    app = await electron.launch({
      executablePath: executablePath ?? undefined,
      args: [
        mainEntry,
        `--user-data-dir=${userData}`,
        // Chromium refuses to start as root with its OS sandbox (CI containers run as root).
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])
      ]
    })
    page = await app.firstWindow()
    await page.waitForLoadState('domcontentloaded')
  })

  test.afterEach(async () => {
    await app?.close()
    rmSync(userData, { recursive: true, force: true })
  })

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

    const updated = await page.evaluate(() => (globalThis as AppGlobals).inventory.updateSettings({ storeNbr: 4321 }))
    expect(updated).toMatchObject({ ok: true, value: { settings: { storeNbr: 4321 } } })
    const again = await page.evaluate(() => (globalThis as AppGlobals).inventory.getSettings())
    expect(again).toMatchObject({ ok: true, value: { settings: { storeNbr: 4321 } } })
  })

  test('refuses pop-ups and navigation away from the app', async () => {
    const appUrl = page.url()
    const refused = await page.evaluate(() => (globalThis as AppGlobals).open('https://example.com/') === null)
    expect(refused).toBe(true)
    await page.evaluate(() => {
      ;(globalThis as AppGlobals).location.href = 'https://example.com/'
    })
    await page.waitForTimeout(500)
    expect(page.url()).toBe(appUrl)
    expect(app.windows()).toHaveLength(1)
  })
})
