import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { stockFigures } from '../src/shared/stock/stock-figures'
import { statusFromFigures } from '../src/shared/stock/stock-status'
import { formatRate } from '../src/shared/views/store-views'
import { expect, test } from './fixtures'
import type { Harness } from './harness/start-harness'
import { historyRow, openHistory, storedIds } from './history-support'
import { parseCsv } from './results-support'
import { onDemoDay, openWatchlists, runNow, saveWatchlist, withDataDir } from './watchlist-support'
import { expectNoSeriousAxeViolations, replaceValues, validGtins } from './workspace-support'
import { latestResults } from '../src/main/history/test-support/latest-results'

const STORES = [1234, 2001]

async function lookUpStores(page: Page, values: readonly string[]): Promise<void> {
  const edit = page.getByRole('button', { name: 'Edit', exact: true })
  if (await edit.isVisible()) await edit.click()
  await page.getByRole('textbox', { name: 'Stores' }).fill(STORES.join(', '))
  await replaceValues(page, values)
  await page.getByRole('button', { name: 'Run lookup' }).click()
  await expect(page.getByText(`${values.length * STORES.length} store and item pairs`, { exact: true })).toBeVisible({ timeout: 60_000 })
}

/** What a run's trends must say, worked out from its raw answers in History (not from its summary). */
async function expectedFigures(harness: Harness, jobId: string) {
  const perStore = new Map<number, { found: number; withStock: number; out: number; shelf: number }>(
    STORES.map((store) => [store, { found: 0, withStock: 0, out: 0, shelf: 0 }])
  )
  for (const result of await latestResults(harness.root.services.results, jobId)) {
    const tally = perStore.get(result.storeNbr)
    if (tally === undefined || result.status !== 'found') continue
    const status = statusFromFigures(stockFigures(result.item?.inventory_locations ?? []), 0)
    tally.found += 1
    if (status !== 'out_of_stock') tally.withStock += 1
    if (status === 'out_of_stock') tally.out += 1
    if (status === 'shelf_empty') tally.shelf += 1
  }
  const all = [...perStore.values()].reduce((sum, t) => ({
    found: sum.found + t.found,
    withStock: sum.withStock + t.withStock,
    out: sum.out + t.out,
    shelf: sum.shelf + t.shelf
  }))
  const rate = (t: { found: number; withStock: number }) => Math.round((t.withStock / t.found) * 1000) / 10
  return { total: rate(all), stores: STORES.map((store) => rate(perStore.get(store) ?? all)), out: all.out, shelf: all.shelf }
}

/** Waits for History's own word that the lookup finished (its summary is kept then), with its origin written. */
async function expectEnded(harness: Harness, jobId: string, origin: 'watchlist' | 'none'): Promise<void> {
  const history = harness.root.services.history
  await expect.poll(() => history.lookup(Number(jobId))?.state, { timeout: 60_000 }).toBe('finished')
  expect(history.origin(Number(jobId))?.watchlistName ?? 'none').toBe(origin === 'watchlist' ? 'Morning check' : 'none')
}

async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())))
}

test("Trends of two lookups draw each run's in-stock rate, out-of-stock counts and worst items, as their answers say", async ({
  page,
  harness
}) => {
  const values = validGtins(30, 41)
  await lookUpStores(page, values)
  await lookUpStores(page, values.slice(0, 24))
  const [second, first] = storedIds(harness)
  if (first === undefined || second === undefined) throw new Error('two lookups were expected in History')
  const locale = await page.evaluate(() => navigator.language)

  await openHistory(page)
  await historyRow(page, first).getByRole('checkbox').check()
  await historyRow(page, second).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Trends of chosen' }).click()
  await expect(page.getByRole('heading', { name: 'Trends', level: 2 })).toBeFocused()

  const rates = page.getByRole('table', { name: 'In-stock rate per lookup, all stores and each store' })
  const counts = page.getByRole('table', { name: 'Out of stock and shelf empty per lookup' })
  const expected = await Promise.all([first, second].map(async (jobId) => ({ jobId, ...(await expectedFigures(harness, jobId)) })))
  await expect(rates.getByRole('columnheader')).toHaveText(['Lookup', 'When', 'All stores', 'Store 1234', 'Store 2001'])
  const rateRows = await tableRows(rates)
  expect(rateRows.map((row) => [row[0], ...row.slice(2)])).toEqual(
    expected.map((run) => [run.jobId, formatRate(run.total, locale), ...run.stores.map((rate) => formatRate(rate, locale))])
  )
  const countRows = await tableRows(counts)
  expect(countRows.map((row) => [row[0], row[2], row[3]])).toEqual(expected.map((run) => [run.jobId, String(run.out), String(run.shelf)]))

  // The charts are named, and their points reachable by keyboard: focus shows the run and its figures, Enter opens it.
  const rateChart = page.getByRole('group', { name: 'In-stock rate per lookup' })
  const firstPoint = rateChart.getByRole('button', { name: new RegExp(`^Lookup ${first} · .* · All stores: `) })
  await firstPoint.focus()
  await expect(
    page.getByText(
      new RegExp(`^Lookup ${first} · .* · All stores: ${formatRate(expected[0]?.total ?? 0, locale).replace('.', '\\.')} in stock`)
    )
  ).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(rateChart.getByRole('button', { name: new RegExp(`^Lookup ${first} · .* · Store 1234: `) })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(rateChart.getByRole('button', { name: new RegExp(`^Lookup ${second} · .* · Store 1234: `) })).toBeFocused()
  await expect(page.getByRole('table', { name: 'Worst items' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  // The data and the chart go to files through main.
  await page.getByRole('button', { name: 'Export the in-stock rate data as CSV' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Saved 2 rows/ })).toBeVisible()
  await page.getByRole('button', { name: 'Export the in-stock rate chart as PNG' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Chart saved to' })).toBeVisible()
  const files = await readdir(harness.exportDir)
  const csvName = files.find((name) => name.endsWith('.csv')) ?? ''
  const csv = parseCsv(await readFile(join(harness.exportDir, csvName), 'utf8'))
  expect(csv.slice(1).map((row) => [row[0], Number(row[2])])).toEqual(expected.map((run) => [run.jobId, run.total]))
  const png = await readFile(join(harness.exportDir, files.find((name) => name.endsWith('.png')) ?? ''))
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])

  await rateChart.getByRole('button', { name: new RegExp(`^Lookup ${second} · `) }).press('Enter')
  await expect(page.getByRole('heading', { name: 'Trends', level: 2 })).toBeHidden()
  await expect(page.locator(':focus')).toHaveAttribute('id', 'job-progress-heading')
})

test("A watchlist's own Trends: one run asks for another; run again on the next Demo day, its two runs are drawn as their answers say", async ({
  page
}) => {
  test.setTimeout(180_000)
  const values = validGtins(30, 43)
  const openTrends = async () => {
    await openWatchlists(page)
    await page.getByRole('button', { name: 'Trends: Morning check' }).click()
    await expect(page.getByRole('heading', { name: 'Trends: Morning check', level: 2 })).toBeFocused()
  }
  const runWatchlist = async (harness: Harness) => expectEnded(harness, await runNow(page, harness, 'Morning check'), 'watchlist')
  const fewRuns = page.getByText('Trends need at least two runs; Run now to add one.', { exact: true })
  await withDataDir(async (dataDir) => {
    await onDemoDay(page, dataDir, '2025-03-14', async (first) => {
      await saveWatchlist(page, 'Morning check', STORES, values)

      // Not run yet, then run once: a sentence instead of empty charts, and back where it came from.
      await openTrends()
      await expect(fewRuns).toBeVisible()
      await expect(page.getByRole('group', { name: 'In-stock rate per lookup' })).toHaveCount(0)
      await expectNoSeriousAxeViolations(page)
      await runWatchlist(first)
      await openTrends()
      await expect(fewRuns).toBeVisible()
      await page.getByRole('button', { name: 'Back to Watchlists' }).click()
      await expect(page.getByRole('heading', { name: 'Watchlists', level: 2 })).toBeFocused()
    })

    await onDemoDay(page, dataDir, '2025-03-15', async (second) => {
      await runWatchlist(second)
      // A lookup of the same list that is no run of the watchlist is not drawn with its runs.
      const runs = storedIds(second).length
      await lookUpStores(page, values)
      await expect.poll(() => storedIds(second).length).toBe(runs + 1)
      const [other = '', secondRun = '', firstRun = ''] = storedIds(second)
      await expectEnded(second, other, 'none')
      const locale = await page.evaluate(() => navigator.language)

      await openTrends()
      await expect(fewRuns).toHaveCount(0)
      const expected = await Promise.all([firstRun, secondRun].map(async (jobId) => ({ jobId, ...(await expectedFigures(second, jobId)) })))
      const rates = page.getByRole('table', { name: 'In-stock rate per lookup, all stores and each store' })
      await expect(rates.getByRole('columnheader')).toHaveText(['Lookup', 'When', 'All stores', 'Store 1234', 'Store 2001'])
      expect((await tableRows(rates)).map((row) => [row[0], ...row.slice(2)])).toEqual(
        expected.map((run) => [run.jobId, formatRate(run.total, locale), ...run.stores.map((rate) => formatRate(rate, locale))])
      )
      const counts = page.getByRole('table', { name: 'Out of stock and shelf empty per lookup' })
      expect((await tableRows(counts)).map((row) => [row[0], row[2], row[3]])).toEqual(
        expected.map((run) => [run.jobId, String(run.out), String(run.shelf)])
      )
      expect((await tableRows(rates)).map((row) => row[0])).not.toContain(other)
      await expectNoSeriousAxeViolations(page)

      // A point, reached by keyboard, opens its run.
      const point = page
        .getByRole('group', { name: 'In-stock rate per lookup' })
        .getByRole('button', { name: new RegExp(`^Lookup ${firstRun} · .* · All stores: `) })
      await point.focus()
      await point.press('Enter')
      await expect(page.locator(':focus')).toHaveAttribute('id', 'job-progress-heading')
      await expect(page.getByRole('region', { name: /^Lookup · / })).toHaveAttribute('data-job-id', firstRun)
    })
  })
})
