import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { attachScreenshot, expect, test } from './fixtures'
import type { Harness } from './harness/start-harness'
import { openHistory, historyRow, storedIds } from './history-support'
import { gridRowCount, parseCsv, viewTab } from './results-support'
import { onDemoDay, openWatchlists, runNow, saveWatchlist, withDataDir } from './watchlist-support'
import { expectNoSeriousAxeViolations, replaceValues, validGtins } from './workspace-support'

/**
 * Watchlists through the browser preview: one saved from the form, run on one Demo day, the
 * preview restarted on the same data folder on the next day, Run now, and "Since the last run"
 * checked against the two runs' Locations exports, by store and item.
 */
const VALUES = validGtins(120, 29)
const STORES = ['100', '101']
const HAS_STOCK = new Set(['Shelf empty, backroom has stock', 'Low stock', 'In stock'])

/** Runs the watchlist from the Watchlists screen; returns its lookup id once its results are all on screen. */
async function runNowShown(page: Page, harness: Harness, name: string): Promise<string> {
  const jobId = await runNow(page, harness, name)
  await expect.poll(() => gridRowCount(page)).toBe(VALUES.length * STORES.length)
  return jobId
}

/** Exports every row of the Locations view as CSV and reads each store and item's stock status from it. */
async function locationsStatuses(page: Page): Promise<Map<string, string>> {
  await viewTab(page, 'Locations').click()
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export Locations' })
  await dialog.getByRole('radio', { name: 'CSV' }).check()
  await dialog.getByRole('radio', { name: /^All rows/ }).check()
  await dialog.getByRole('button', { name: 'Save file' }).click()
  const status = page.getByRole('status').filter({ hasText: /^Saved / })
  await expect(status).toBeVisible()
  const path = /^Saved [\d,]+ rows? to (.+)$/.exec((await status.textContent()) ?? '')?.[1] ?? ''
  const [header = [], ...records] = parseCsv((await readFile(path)).subarray(3).toString('utf8'))
  const at = (name: string) => header.indexOf(name)
  const statuses = new Map<string, string>()
  for (const record of records) statuses.set(`${record[at('Store')]}:${record[at('GTIN')]}`, record[at('Stock status')] ?? '')
  await viewTab(page, 'Items').click()
  return statuses
}

test.describe('Watchlists', () => {
  test('saved from the form, run on two Demo days: Since the last run says by store and item what the exports show', async ({
    page
  }, testInfo) => {
    test.setTimeout(180_000)
    await withDataDir(async (dataDir) => {
      const { before, firstRun } = await onDemoDay(page, dataDir, '2025-03-14', async (first) => {
        await saveWatchlist(page, 'Morning check', STORES, VALUES, (dialog) =>
          expect(dialog.getByText(`${VALUES.length} values in 2 stores.`)).toBeVisible()
        )
        await openWatchlists(page)
        const row = page.getByRole('row', { name: /Morning check/ })
        await expect(row.getByRole('cell').nth(0)).toHaveText(String(VALUES.length))
        await expect(row).toContainText('Not run yet')
        await expectNoSeriousAxeViolations(page)
        const firstRun = await runNowShown(page, first, 'Morning check')
        // A first run has nothing to compare with.
        await expect(page.getByRole('region', { name: 'Since the last run' })).toHaveCount(0)
        return { before: await locationsStatuses(page), firstRun }
      })

      await onDemoDay(page, dataDir, '2025-03-15', async (second) => {
        await openWatchlists(page, 'shortcut')
        await expect(page.getByRole('row', { name: /Morning check/ })).toContainText('first run')
        const secondRun = await runNowShown(page, second, 'Morning check')
        const region = page.getByRole('region', { name: 'Since the last run' })
        await expect(region).toBeVisible()
        await expect(region).toContainText(`Compared with lookup ${firstRun}`)
        const after = await locationsStatuses(page)

        const expected = { 'Newly out of stock': 0, 'Newly shelf empty': 0, 'Back in stock': 0, 'Still out of stock': 0 }
        for (const [pair, now] of after) {
          const then = before.get(pair)
          if (then === undefined) continue
          if (HAS_STOCK.has(then) && now === 'Out of stock') expected['Newly out of stock'] += 1
          else if (then === 'Out of stock' && HAS_STOCK.has(now)) expected['Back in stock'] += 1
          else if (then === 'Out of stock' && now === 'Out of stock') expected['Still out of stock'] += 1
          else if (now === 'Shelf empty, backroom has stock' && then !== now) expected['Newly shelf empty'] += 1
        }
        expect(Object.values(expected).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0)
        for (const [label, count] of Object.entries(expected)) {
          await expect(region.getByRole('button', { name: `${label} ${count}`, exact: true })).toBeVisible()
        }

        // Each count filters the grid to its stores and items.
        const [label, count] = Object.entries(expected).find(([, n]) => n > 0) ?? ['', 0]
        await region.getByRole('button', { name: `${label} ${count}`, exact: true }).click()
        await expect.poll(() => gridRowCount(page)).toBe(count)
        await region.getByRole('button', { name: `${label} ${count}`, exact: true }).click()
        await expect.poll(() => gridRowCount(page)).toBe(VALUES.length * STORES.length)
        await expectNoSeriousAxeViolations(page)
        await attachScreenshot(page, testInfo, 'since the last run')

        // The run is labelled in History, and Run again there follows it.
        await openHistory(page)
        await expect(historyRow(page, secondRun)).toContainText('Watchlist: Morning check')
        const runs = storedIds(second).length
        await page.getByRole('button', { name: `Run again: lookup ${secondRun}` }).click()
        await expect.poll(() => storedIds(second).length).toBe(runs + 1)
        const [again = ''] = storedIds(second)
        await second.root.services.lookups.whenSettled(again)
        await expect(region.getByText(`Compared with lookup ${secondRun}`)).toBeVisible()
        await expect(region.getByRole('button', { name: 'Newly out of stock 0', exact: true })).toBeVisible()
        await openWatchlists(page)
        // Run again of a watchlist's run is its latest run: nothing changed within the same Demo day.
        await expect(page.getByRole('row', { name: /Morning check/ })).toContainText('0 newly out of stock')
      })
    })
  })

  test('Edit loads a watchlist into the form; Duplicate, Export, Import and Delete (which asks) keep the list', async ({
    page,
    harness
  }) => {
    await page.goto(harness.url)
    await saveWatchlist(page, 'Short list', ['300'], VALUES.slice(0, 5))
    await openWatchlists(page)

    await page.getByRole('button', { name: 'Duplicate: Short list' }).click()
    await expect(page.getByRole('row', { name: /Short list \(copy\)/ })).toBeVisible()
    await page.getByRole('button', { name: 'Export: Short list', exact: true }).click()
    const exported = page.getByRole('status').filter({ hasText: /^Exported “Short list” to / })
    await expect(exported).toBeVisible()
    const path = /to (.+)\.$/.exec((await exported.textContent()) ?? '')?.[1] ?? ''
    await page.locator('input[type="file"][accept=".json,application/json"]').setInputFiles(path)
    await expect(page.getByRole('status').filter({ hasText: 'Imported the watchlist “Short list (2)”: 5 values.' })).toBeVisible()
    await page.locator('input[type="file"][accept=".json,application/json"]').setInputFiles({
      name: 'not-a-watchlist.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"rows": []}')
    })
    await expect(page.getByRole('alert')).toContainText(
      'That file is not a watchlist exported from this app; choose a file exported from Watchlists.'
    )

    await page.getByRole('button', { name: 'Delete: Short list (2)' }).click()
    const ask = page.getByRole('dialog', { name: 'Delete the watchlist “Short list (2)”?' })
    await ask.getByRole('button', { name: 'Delete watchlist' }).click()
    await expect(page.getByRole('row', { name: /Short list \(2\)/ })).toHaveCount(0)

    await page.getByRole('button', { name: 'Edit: Short list (copy)' }).click()
    await expect(page.getByRole('heading', { name: 'What to look up' })).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveValue('300')
    await expect(page.getByRole('button', { name: 'Save watchlist “Short list (copy)”' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Stores' }).fill('300, 301')
    await page.getByRole('button', { name: 'Save watchlist “Short list (copy)”' }).click()
    await page.getByRole('dialog', { name: 'Save watchlist' }).getByRole('button', { name: 'Save watchlist' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Watchlist “Short list (copy)” saved' })).toBeVisible()
    await page.getByRole('button', { name: 'Watchlists', exact: true }).click()
    await expect(page.getByRole('row', { name: /Short list \(copy\)/ })).toContainText('2 stores')
    await expectNoSeriousAxeViolations(page)
  })

  test('Ctrl+Shift+W opens Watchlists in the same moment a dialog closes', async ({ page, harness }) => {
    await page.goto(harness.url)
    await page.getByRole('textbox', { name: 'Stores' }).fill('300')
    await replaceValues(page, VALUES.slice(0, 3))
    await page.getByRole('button', { name: 'Save as watchlist' }).click()
    await page.getByRole('textbox', { name: 'Watchlist name' }).fill('Quick')
    // The shortcut is pressed in the very turn the note "saved" appears, before the browser takes
    // another event: the dialog must be closed by then, or the shortcut is refused as if it were open.
    await page.evaluate(() => {
      const ready = new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.body.textContent?.includes('Watchlist “Quick” saved') !== true) return
          observer.disconnect()
          const press = new KeyboardEvent('keydown', { key: 'W', ctrlKey: true, shiftKey: true, bubbles: true, cancelable: true })
          document.dispatchEvent(press)
          resolve(press.defaultPrevented)
        })
        observer.observe(document.body, { subtree: true, childList: true, characterData: true })
      })
      Object.assign(window, { shortcutTaken: ready })
    })
    await page.getByRole('dialog', { name: 'Save as watchlist' }).getByRole('button', { name: 'Save watchlist' }).click()
    expect(await page.evaluate(() => (window as unknown as { shortcutTaken: Promise<boolean> }).shortcutTaken)).toBe(true)
    await expect(page.getByRole('heading', { name: 'Watchlists', level: 2 })).toBeFocused()
  })
})
