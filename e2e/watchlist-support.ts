import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'
import { startHarness, type Harness } from './harness/start-harness'
import { storedIds } from './history-support'
import { replaceValues } from './workspace-support'

/**
 * A watchlist saved from the form and run, on one Demo day or on several with the preview restarted
 * on the same data folder between them, as the watchlists' and their trends' specs do.
 */

/** Fills the form with `stores` and `values` and saves them as the watchlist `name`; `check` looks at the dialog before it is saved. */
export async function saveWatchlist(
  page: Page,
  name: string,
  stores: readonly (string | number)[],
  values: readonly string[],
  check?: (dialog: Locator) => Promise<void>
): Promise<void> {
  await page.getByRole('textbox', { name: 'Stores' }).fill(stores.join(', '))
  await replaceValues(page, values)
  await page.getByRole('button', { name: 'Save as watchlist' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save as watchlist' })
  await check?.(dialog)
  await dialog.getByRole('textbox', { name: 'Watchlist name' }).fill(name)
  await dialog.getByRole('button', { name: 'Save watchlist' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Watchlist “${name}” saved` })).toBeVisible()
}

/** Opens Watchlists from the header (or its shortcut); the keyboard lands on its heading. */
export async function openWatchlists(page: Page, how: 'click' | 'shortcut' = 'click'): Promise<void> {
  if (how === 'shortcut') await page.keyboard.press('Control+Shift+W')
  else await page.getByRole('button', { name: 'Watchlists', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Watchlists', level: 2 })).toBeFocused()
}

/**
 * Runs the watchlist `name` from the Watchlists screen and waits until the run has settled and the
 * watchlist keeps it as its last run (its figures are written a moment after the run ends); returns
 * the run's lookup id.
 */
export async function runNow(page: Page, harness: Harness, name: string): Promise<string> {
  const before = storedIds(harness).length
  await page.getByRole('button', { name: 'Watchlists', exact: true }).click()
  await page.getByRole('button', { name: `Run now: ${name}` }).click()
  await expect.poll(() => storedIds(harness).length).toBe(before + 1)
  const [jobId = ''] = storedIds(harness)
  await harness.root.services.lookups.whenSettled(jobId)
  const lastRun = async () => (await harness.root.services.watchlists.list()).find((watchlist) => watchlist.name === name)?.lastRun?.jobId
  await expect.poll(lastRun).toBe(jobId)
  return jobId
}

/** A data folder of its own, for a test that starts the preview on it more than once; removed after `steps`. */
export async function withDataDir<T>(steps: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inventory-e2e-watchlist-'))
  try {
    return await steps(dataDir)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The preview started on `dataDir` with the Demo on `day` (YYYY-MM-DD) and the page on its form; closed after `steps`. */
export async function onDemoDay<T>(page: Page, dataDir: string, day: string, steps: (harness: Harness) => Promise<T>): Promise<T> {
  const harness = await startHarness({ dataDir, secretStore: 'memory', demoDate: day })
  try {
    await page.goto(harness.url)
    await page.getByRole('heading', { name: 'What to look up' }).waitFor()
    return await steps(harness)
  } finally {
    await harness.close()
  }
}
