import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'
import type { InventoryApi } from '../src/shared/contract'

/**
 * Launching the real Electron app, built by electron-vite, for the Electron specs. Where the binary
 * is absent (it is downloaded from GitHub, which some machines cannot reach) the specs skip with
 * MISSING_ELECTRON; the CI workflow sets REQUIRE_ELECTRON=1, which turns that skip into a failure.
 */

export const MISSING_ELECTRON =
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

export const executablePath = electronExecutable()
const mainEntry = resolve(import.meta.dirname, '..', 'out', 'main', 'index.js')

/** What the page's global object offers; the Node-side typings here have no DOM. */
export type AppGlobals = typeof globalThis & { inventory: InventoryApi; open(url: string): unknown; location: { href: string } }

export interface RunningApp {
  app: ElectronApplication
  page: Page
}

/** A data folder of its own (settings, History, logs), kept across the restarts of one test. */
export function newUserData(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'inventory-electron-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Starts the built app on `userData` and waits for its window's page. */
export async function launchApp(userData: string): Promise<RunningApp> {
  expect(existsSync(mainEntry), 'build the app first: npm run build').toBe(true)
  const app = await electron.launch({
    executablePath: executablePath ?? undefined,
    args: [
      mainEntry,
      `--user-data-dir=${userData}`,
      // Chromium refuses to start as root with its OS sandbox (CI containers run as root).
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])
    ]
  })
  const page = await app.firstWindow()
  await page.waitForLoadState('domcontentloaded')
  return { app, page }
}

/**
 * For a describe block of the Electron specs: skips it with MISSING_ELECTRON where the binary is
 * absent, and before each test launches the app on a data folder of its own, handing the running
 * app to `onLaunch` (again after each `restart`, which keeps the folder). After the test the app is
 * closed, unless the test closed it itself, and the folder removed.
 */
export function launchForEachTest(onLaunch: (running: RunningApp) => void): { dataDir(): string; restart(): Promise<void> } {
  test.skip(executablePath === null, MISSING_ELECTRON)
  let userData: ReturnType<typeof newUserData> | null = null
  let running: RunningApp | null = null
  const dataDir = (): string => {
    if (userData === null) throw new Error('The app is launched for a test only while the test runs.')
    return userData.dir
  }
  const launch = async (): Promise<void> => {
    running = await launchApp(dataDir())
    onLaunch(running)
  }
  test.beforeEach(async () => {
    userData = newUserData()
    await launch()
  })
  test.afterEach(async () => {
    await running?.app.close().catch(() => undefined)
    running = null
    userData?.remove()
    userData = null
  })
  return {
    dataDir,
    restart: async () => {
      await running?.app.close()
      await launch()
    }
  }
}
