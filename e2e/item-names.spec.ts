import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { attachScreenshot, E2E_DEMO_DATE, expect, test } from './fixtures'
import { startHarness } from './harness/start-harness'
import { openHistory, storedIds } from './history-support'
import { gridRowCount, parseCsv, renderedColumn, resultsGrid } from './results-support'
import { expectNoSeriousAxeViolations, replaceValues, validGtins } from './workspace-support'

const GTINS = validGtins(6, 83)
const NAMES = ['Oat milk 1 l', 'Rye bread', 'Green tea, 20 bags', 'Dish soap', 'Coffee beans 500 g', 'Sea salt']

/** A supplier's list: the values, a case pack, and the items' names under a header the app should recognise. */
function orderCsv(): Buffer {
  const rows = GTINS.map((gtin, index) => `${gtin},${index + 2},"${NAMES[index] ?? ''}"`)
  return Buffer.from(['GTIN,Case Pack,Item description', ...rows].join('\r\n'))
}

async function importFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import file' }).click()
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer })
}

async function run(page: Page, items: number): Promise<void> {
  await page.getByRole('button', { name: 'Run lookup' }).click()
  await expect(page.getByText(`${items} items`, { exact: true })).toBeVisible({ timeout: 60_000 })
}

/** Each rendered row's value and item name, by the value looked up. */
async function namesOnScreen(page: Page): Promise<Map<string, string>> {
  const inputs = await renderedColumn(page, 'Input')
  const names = await renderedColumn(page, 'Item name')
  return new Map(inputs.map((input, index) => [input, names[index] ?? '']))
}

/** The validation list names each value's item, beside the value. */
async function expectNamesInValidationList(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /Valid$/ })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  const valid = page.getByRole('list', { name: 'Valid' })
  for (const [index, gtin] of GTINS.entries()) {
    await expect(valid.getByRole('listitem').filter({ hasText: gtin })).toContainText(NAMES[index] ?? '')
  }
}

const expectedNames = () => new Map(GTINS.map((gtin, index) => [gtin, NAMES[index] ?? '']))

test.describe('Item names', () => {
  // Wide enough for every column of the file's lookups: the grid draws only the columns in view.
  test.use({ viewport: { width: 1920, height: 1080 } })
  test('an imported list names its items from the column the app suggests, and a pasted list later gets the same names', async ({
    page
  }, testInfo) => {
    await importFile(page, 'order.csv', orderCsv())
    const values = page.getByRole('combobox', { name: 'Column', exact: true })
    const names = page.getByRole('combobox', { name: 'Item names from' })
    await expect(values.locator('option:checked')).toHaveText('GTIN')
    await expect(names.locator('option:checked')).toHaveText('Item description')
    await expect(names).toHaveAccessibleDescription('Shown as Item name, and remembered for these items.')
    // The values' column is never offered as the names'.
    await expect(names.getByRole('option')).toHaveText(['None', 'Case Pack', 'Item description'])
    await expectNoSeriousAxeViolations(page)
    await attachScreenshot(page, testInfo, 'item-name-choice')
    await page.getByRole('button', { name: 'Use this column' }).click()
    await expectNamesInValidationList(page)

    await run(page, GTINS.length)
    const grid = resultsGrid(page)
    await expect(grid.getByRole('columnheader', { name: 'Item name', exact: true })).toBeVisible()
    await expect(grid.getByRole('columnheader', { name: 'Case Pack', exact: true })).toBeVisible()
    await expect(grid.getByRole('columnheader', { name: 'Item description', exact: true })).toHaveCount(0)
    expect(await namesOnScreen(page)).toEqual(expectedNames())

    await grid.getByRole('gridcell', { name: NAMES[1], exact: true }).click()
    const details = page.getByRole('complementary', { name: 'Item details' })
    await expect(details.locator('dl').first().getByRole('term').first()).toHaveText('Item name')
    await expect(details.locator('dl').first().getByRole('definition').first()).toHaveText(NAMES[1] ?? '')
    await details.getByRole('button', { name: 'Close details' }).click()

    // What is on screen is what is exported: Item name included, under that label.
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Items' })
    await dialog.getByRole('radio', { name: 'CSV' }).check()
    await dialog.getByRole('radio', { name: /^All rows/ }).check()
    await dialog.getByRole('button', { name: 'Save file' }).click()
    const saved = page.getByRole('status').filter({ hasText: /^Saved / })
    await expect(saved).toBeVisible()
    const path = /^Saved [\d,]+ rows? to (.+)$/.exec((await saved.textContent()) ?? '')?.[1] ?? ''
    const [header = [], ...rows] = parseCsv((await readFile(path)).subarray(3).toString('utf8'))
    const at = (label: string) => header.indexOf(label)
    expect(at('Item name')).toBeGreaterThanOrEqual(0)
    expect(new Map(rows.map((row) => [row[at('Input')] ?? '', row[at('Item name')] ?? '']))).toEqual(expectedNames())

    // The same values typed in, in another order and with one the catalogue does not know: the names come from the earlier import.
    await page.getByRole('button', { name: 'Edit' }).click()
    const unknown = validGtins(1, 977)[0] ?? ''
    await replaceValues(page, [...[...GTINS].reverse(), unknown])
    await expectNamesInValidationList(page)
    await run(page, GTINS.length + 1)
    await expect.poll(() => gridRowCount(page)).toBe(GTINS.length + 1)
    expect(await namesOnScreen(page)).toEqual(new Map([...expectedNames(), [unknown, '']]))
  })

  test('None leaves the list without names, and the file keeps its column under its own header', async ({ page }) => {
    await importFile(page, 'order.csv', orderCsv())
    await page.getByRole('combobox', { name: 'Item names from' }).selectOption({ label: 'None' })
    await page.getByRole('button', { name: 'Use this column' }).click()
    await run(page, GTINS.length)
    const grid = resultsGrid(page)
    await expect(grid.getByRole('columnheader', { name: 'Item description', exact: true })).toBeVisible()
    await expect(grid.getByRole('columnheader', { name: 'Item name', exact: true })).toHaveCount(0)
  })

  test("an imported list left unrun comes back after a restart with its file's columns and names", async ({ page, harness }) => {
    await importFile(page, 'order.csv', orderCsv())
    await page.getByRole('button', { name: 'Use this column' }).click()
    // Saved a moment after the list changes: wait for the draft, naming its file, to reach main.
    await expect.poll(() => (harness.root.services.history.loadDraft()?.draft as { source?: unknown } | undefined)?.source).toBeTruthy()

    const restarted = await startHarness({ dataDir: harness.dataDir, secretStore: 'memory', demoDate: E2E_DEMO_DATE })
    try {
      await page.goto(restarted.url)
      await expectNamesInValidationList(page)
      await run(page, GTINS.length)
      await expect(resultsGrid(page).getByRole('columnheader', { name: 'Case Pack', exact: true })).toBeVisible()
      expect(await namesOnScreen(page)).toEqual(expectedNames())
    } finally {
      await restarted.close()
    }
  })

  test('Compare names the items of two lookups of a named list, in its first column', async ({ page, harness }) => {
    await importFile(page, 'order.csv', orderCsv())
    await page.getByRole('button', { name: 'Use this column' }).click()
    await run(page, GTINS.length)
    await page.getByRole('button', { name: 'Edit' }).click()
    await replaceValues(page, GTINS.slice(0, 4))
    await run(page, 4)
    const [now] = storedIds(harness)

    await openHistory(page)
    await page.getByRole('button', { name: `Compare with previous: lookup ${now}`, exact: true }).click()
    const grid = page.getByRole('grid', { name: 'Compared values' })
    await expect(grid.getByRole('columnheader', { name: 'Item name', exact: true })).toBeVisible()
    const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '')
    expect(headers.slice(0, 2)).toEqual(['Item name', 'Value'])
    await expect.poll(async () => Number(await grid.getAttribute('aria-rowcount')) - 1).toBe(GTINS.length)
    for (const name of NAMES) await expect(grid.getByRole('gridcell', { name, exact: true })).toBeVisible()
  })
})
