import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { COMPARE_CATEGORY_LABELS, type CompareCategory } from '../src/shared/compare/compare-lookups'
import { attachScreenshot, expect, test } from './fixtures'
import { historyRow, lookUp, openHistory, storedIds } from './history-support'
import { parseCsv } from './results-support'
import { replaceValues, validGtins } from './workspace-support'

/** Runs a Demo lookup of `values` in `stores` from the entry form; with several stores its Items view has one row per store and value. */
async function lookUpStores(page: Page, stores: string, values: readonly string[], storeCount: number): Promise<void> {
  const edit = page.getByRole('button', { name: 'Edit', exact: true })
  if (await edit.isVisible()) await edit.click()
  await page.getByRole('textbox', { name: 'Stores' }).fill(stores)
  await replaceValues(page, values)
  await page.getByRole('button', { name: 'Run lookup' }).click()
  const summary = storeCount === 1 ? `${values.length} items` : `${values.length * storeCount} store and item pairs`
  await expect(page.getByText(summary, { exact: true })).toBeVisible({ timeout: 60_000 })
}

function chip(page: Page, category: CompareCategory): Locator {
  return page
    .getByRole('group', { name: 'Changes' })
    .getByRole('button', { name: new RegExp(`^${COMPARE_CATEGORY_LABELS[category]} [\\d,]+$`) })
}

async function chipCounts(page: Page): Promise<Record<CompareCategory, number>> {
  const counts = {} as Record<CompareCategory, number>
  for (const category of Object.keys(COMPARE_CATEGORY_LABELS) as CompareCategory[]) {
    counts[category] = Number(((await chip(page, category).textContent()) ?? '').replace(/^\D+/, '').replace(/,/g, ''))
  }
  return counts
}

function compareGrid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Compared values' })
}

async function gridRowCount(page: Page): Promise<number> {
  return Number(await compareGrid(page).getAttribute('aria-rowcount')) - 1
}

test.describe('Compare', () => {
  test('"Compare with previous" compares a lookup with the one before it for the same store: one row per value, counted by chips', async ({
    page,
    harness
  }, testInfo) => {
    const values = validGtins(40, 51)
    await lookUp(page, '1234', values.slice(0, 30))
    await lookUp(page, '1234', values.slice(10))
    const [now, then] = storedIds(harness)

    await openHistory(page)
    await page.getByRole('button', { name: `Compare with previous: lookup ${then}`, exact: true }).click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `There is no earlier lookup of Demo · Store 1234 with the same kind of values to compare lookup ${then} with.` })
    ).toBeVisible()

    await page.getByRole('button', { name: `Compare with previous: lookup ${now}`, exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Compare', level: 2 })).toBeFocused()
    await expect(page.getByRole('definition').first()).toHaveText(new RegExp(`^Lookup ${then} · Demo · Store 1234 · `))
    await expect(page.getByRole('definition').nth(1)).toHaveText(new RegExp(`^Lookup ${now} · Demo · Store 1234 · `))
    await expect(page.getByText('40 values compared')).toBeVisible()
    // Two lookups of one store: a Store column would repeat 1234 on every row, so there is none.
    await expect(compareGrid(page).getByRole('columnheader', { name: 'Value' })).toBeVisible()
    await expect(compareGrid(page).getByRole('columnheader', { name: 'Store' })).toHaveCount(0)
    // The Demo API answers a store's value the same way each time: the 20 values both lookups had are unchanged.
    expect(await chipCounts(page)).toEqual({ newly_out: 0, back_in: 0, changed: 0, unchanged: 20, only_one: 20 })
    expect(await gridRowCount(page)).toBe(40)
    await chip(page, 'only_one').click()
    await expect(page.getByText('Showing 20 of 40 values')).toBeVisible()
    await attachScreenshot(page, testInfo, 'Compare with previous')
    await page.getByRole('button', { name: 'Back to History' }).click()
    await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeFocused()
  })

  test('two lookups chosen in History: chips count each change, filter and sort the rows, and the export holds what is shown', async ({
    page,
    harness
  }, testInfo) => {
    const values = validGtins(120, 61)
    // Two stores of the Demo API hold different stock for the same values.
    await lookUp(page, '1234', values)
    await lookUp(page, '5678', values)
    const [now, then] = storedIds(harness)
    const expected = await harness.root.services.comparisons.compare(Number(then), Number(now), 3)

    await openHistory(page)
    const compareChosen = page.getByRole('button', { name: 'Compare chosen' })
    await expect(compareChosen).toBeDisabled()
    // Chosen newest first: the earlier lookup is still "then".
    await historyRow(page, now ?? '')
      .getByRole('checkbox')
      .check()
    await historyRow(page, then ?? '')
      .getByRole('checkbox')
      .check()
    await expect(page.getByText('2 lookups chosen')).toBeVisible()
    await compareChosen.click()

    await expect(page.getByRole('heading', { name: 'Compare', level: 2 })).toBeFocused()
    await expect(page.getByRole('definition').first()).toHaveText(new RegExp(`^Lookup ${then} · Demo · Store 1234 · `))
    await expect(page.getByRole('definition').nth(1)).toHaveText(new RegExp(`^Lookup ${now} · Demo · Store 5678 · `))
    await expect(page.getByText('120 values compared')).toBeVisible()
    const counts = await chipCounts(page)
    expect(counts).toEqual(expected.counts)
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(120)
    expect(counts.changed + counts.newly_out + counts.back_in).toBeGreaterThan(0)
    await attachScreenshot(page, testInfo, 'Compare two chosen lookups')

    // Chips add up: the values whose stock changed in any way.
    await chip(page, 'changed').click()
    await chip(page, 'newly_out').click()
    await chip(page, 'back_in').click()
    const changedCount = counts.changed + counts.newly_out + counts.back_in
    await expect(page.getByText(`Showing ${changedCount} of 120 values`)).toBeVisible()
    expect(await gridRowCount(page)).toBe(changedCount)

    // Sorted by the change: numbers sort largest first on the first click.
    const header = compareGrid(page).getByRole('columnheader', { name: 'Change' })
    await header.click()
    await expect(header).toHaveAttribute('aria-sort', 'descending')

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Compare' })
    await dialog.getByRole('radio', { name: 'CSV' }).check()
    await dialog.getByRole('radio', { name: /^Rows shown/ }).check()
    await dialog.getByRole('button', { name: 'Save file' }).click()
    const saved = page.getByRole('status').filter({ hasText: /^Saved / })
    await expect(saved).toHaveText(new RegExp(`^Saved ${changedCount} rows to .+\\.csv$`))
    const path = /^Saved \d+ rows? to (.+)$/.exec((await saved.textContent()) ?? '')?.[1] ?? ''
    const [heading, ...rows] = parseCsv(await readFile(path, 'utf8'))
    expect(heading).toEqual([
      'Value',
      'Line',
      'Input',
      'Stock status then',
      'Stock status now',
      'On hand then',
      'On hand now',
      'Change',
      'Compared'
    ])
    expect(rows).toHaveLength(changedCount)
    const wanted = expected.rows.filter((row) => row.category !== 'unchanged' && row.category !== 'only_one')
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(wanted.map((row) => row.value)))
    expect(new Set(rows.map((row) => row[8]))).toEqual(new Set(wanted.map((row) => COMPARE_CATEGORY_LABELS[row.category])))
    // In the screen's order: the largest change first, empty changes last.
    const changes = rows.map((row) => (row[7] === '' ? Number.NEGATIVE_INFINITY : Number(row[7])))
    expect(changes).toEqual([...changes].sort((a, b) => b - a))
  })

  test('a lookup of two stores compared with the previous one of those stores: one row per store and value, with a Store column to filter and export', async ({
    page,
    harness
  }, testInfo) => {
    const values = validGtins(14, 71)
    await lookUpStores(page, '1234, 1235', values.slice(0, 10), 2)
    await lookUpStores(page, '1234', values, 1)
    // The same two stores listed the other way round: still the same set of stores.
    await lookUpStores(page, '1235, 1234', values.slice(4), 2)
    const [now, single, then] = storedIds(harness)
    const expected = await harness.root.services.comparisons.compare(Number(then), Number(now), 3)

    await openHistory(page)
    // The one-store lookup in between is not "previous" for a lookup of two stores.
    await page.getByRole('button', { name: `Compare with previous: lookup ${single}`, exact: true }).click()
    await expect(
      page.getByRole('status').filter({
        hasText: `There is no earlier lookup of Demo · Store 1234 with the same kind of values to compare lookup ${single} with.`
      })
    ).toBeVisible()
    await page.getByRole('button', { name: `Compare with previous: lookup ${now}`, exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Compare', level: 2 })).toBeFocused()
    await expect(page.getByRole('definition').first()).toHaveText(new RegExp(`^Lookup ${then} · Demo · 2 stores · `))
    await expect(page.getByRole('definition').nth(1)).toHaveText(new RegExp(`^Lookup ${now} · Demo · 2 stores · `))

    // Each store's answers are matched with that store's: 6 values both lookups had, in each of the 2 stores, and 4 + 4 in one only.
    await expect(page.getByText('28 store and value pairs compared')).toBeVisible()
    const counts = await chipCounts(page)
    expect(counts).toEqual({ newly_out: 0, back_in: 0, changed: 0, unchanged: 12, only_one: 16 })
    expect(counts).toEqual(expected.counts)
    await expect(compareGrid(page).getByRole('columnheader', { name: 'Store' })).toBeVisible()
    await expect(
      compareGrid(page).getByRole('checkbox', { name: `Select store 1235, value ${values[4] ?? ''}`, exact: true })
    ).toBeVisible()
    await attachScreenshot(page, testInfo, 'Compare two stores')

    await page.getByRole('button', { name: /^Column filters/ }).click()
    await page.getByRole('textbox', { name: 'Filter Store' }).fill('1235')
    await expect(page.getByText('Showing 14 of 28 store and value pairs')).toBeVisible()
    await chip(page, 'unchanged').click()
    await expect(page.getByText('Showing 6 of 28 store and value pairs')).toBeVisible()

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Compare' })
    await dialog.getByRole('radio', { name: 'CSV' }).check()
    await dialog.getByRole('radio', { name: /^Rows shown/ }).check()
    await dialog.getByRole('button', { name: 'Save file' }).click()
    const saved = page.getByRole('status').filter({ hasText: /^Saved / })
    await expect(saved).toHaveText(/^Saved 6 rows to .+\.csv$/)
    const path = /^Saved \d+ rows? to (.+)$/.exec((await saved.textContent()) ?? '')?.[1] ?? ''
    const [heading, ...rows] = parseCsv(await readFile(path, 'utf8'))
    expect(heading).toEqual([
      'Store',
      'Value',
      'Line',
      'Input',
      'Stock status then',
      'Stock status now',
      'On hand then',
      'On hand now',
      'Change',
      'Compared'
    ])
    const wanted = expected.rows.filter((row) => row.store === 1235 && row.category === 'unchanged')
    expect(rows.map((row) => [row[0], row[1], row[9]])).toEqual(wanted.map((row) => ['1235', row.value, 'Unchanged']))
  })
})
