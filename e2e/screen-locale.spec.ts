import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { stockFigures } from '../src/shared/stock/stock-figures'
import { attachScreenshot, expect, test } from './fixtures'
import { ITEM_HEADERS, lineResults, parseCsv, renderedColumn } from './results-support'
import { replaceValues, validGtins } from './workspace-support'

/**
 * A window in German: numbers and dates on screen are written the German way, files keep plain
 * numbers, and CSV exports offer the semicolon a German spreadsheet expects, remembering the choice.
 */
test.use({ locale: 'de-DE' })

const german = new Intl.NumberFormat('de-DE')

async function exportCsv(page: Page, separator: 'Comma (,)' | 'Semicolon (;)' | null): Promise<string> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export Items' })
  await dialog.getByRole('radio', { name: 'CSV' }).check()
  if (separator !== null) await dialog.getByRole('radio', { name: separator }).check()
  await dialog.getByRole('radio', { name: /^All rows/ }).check()
  await dialog.getByRole('button', { name: 'Save file' }).click()
  await expect(dialog).toBeHidden()
  const status = page.getByRole('status').filter({ hasText: /^Saved / })
  await expect(status).toBeVisible()
  // The status line is cleared when Save is pressed: once the dialog has closed, it tells of this export.
  const path = /^Saved [\d.]+ rows? to (.+)$/.exec((await status.textContent()) ?? '')?.[1] ?? ''
  return readFile(path, 'utf8')
}

test('numbers on screen are German, the CSV export offers the semicolon, files keep plain numbers, and the separator chosen is kept', async ({
  page,
  harness
}, testInfo) => {
  test.setTimeout(120_000)
  const values = validGtins(1200, 29)
  await replaceValues(page, values)
  await expect(page.getByText('1.200 values: 1.200 valid')).toBeVisible()
  await page.getByRole('button', { name: 'Run lookup' }).click()
  await expect(page.getByText('1.200 items', { exact: true })).toBeVisible({ timeout: 60_000 })

  // An item sold by weight, found with the quick search: its fractional On hand has a decimal comma.
  const weighed = (await lineResults(harness)).find((result) => {
    const onHand = result.item === undefined ? 0 : stockFigures(result.item.inventory_locations).onHand
    return !Number.isInteger(onHand)
  })
  const onHand = stockFigures(weighed?.item?.inventory_locations ?? []).onHand
  expect(weighed, 'the Demo has items sold by weight among 1,200 values').toBeDefined()
  await page.getByRole('searchbox', { name: 'Quick search' }).fill(weighed?.value ?? '')
  await expect(page.getByText('Showing 1 of 1.200 items')).toBeVisible()
  expect(await renderedColumn(page, 'On hand')).toEqual([german.format(onHand)])
  expect(german.format(onHand)).toContain(',')
  await attachScreenshot(page, testInfo, 'results in German')
  await page.getByRole('searchbox', { name: 'Quick search' }).fill('')

  // Never chosen before: the export offers the semicolon a German spreadsheet expects.
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export Items' })
  await dialog.getByRole('radio', { name: 'CSV' }).check()
  await expect(dialog.getByRole('group', { name: 'Separator' }).getByRole('radio', { name: 'Semicolon (;)' })).toBeChecked()
  await attachScreenshot(page, testInfo, 'export dialog with the separator')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  const semicolons = parseCsv(await exportCsv(page, null), ';')
  expect(semicolons[0]).toEqual(ITEM_HEADERS)
  expect(semicolons).toHaveLength(1201)
  const row = semicolons.find((cells) => cells[ITEM_HEADERS.indexOf('GTIN')] === weighed?.value)
  // Files keep plain numbers: a point for the decimals, whatever the screen shows.
  expect(row?.[ITEM_HEADERS.indexOf('On hand')]).toBe(String(onHand))
  expect(harness.root.services.settings.current().settings.csvSeparator).toBe('semicolon')

  // A comma chosen once is what the dialog offers from then on, kept in the settings file for the next start.
  const commas = parseCsv(await exportCsv(page, 'Comma (,)'))
  expect(commas[0]).toEqual(ITEM_HEADERS)
  await expect
    .poll(
      async () => (JSON.parse(await readFile(join(harness.dataDir, 'settings.json'), 'utf8')) as { csvSeparator?: unknown }).csvSeparator
    )
    .toBe('comma')
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await page.getByRole('dialog', { name: 'Export Items' }).getByRole('radio', { name: 'CSV' }).check()
  await expect(page.getByRole('radio', { name: 'Comma (,)' })).toBeChecked()
})
