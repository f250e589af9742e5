import { readFile } from 'node:fs/promises'
import { isAbsolute, relative } from 'node:path'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { attachScreenshot, expect, test } from './fixtures'
import {
  ITEM_HEADERS,
  expectedItems,
  expectedRows,
  gridRowCount,
  lineResults,
  lookupValues,
  parseCsv,
  presetChip,
  renderedColumn,
  resultsGrid,
  runDemoLookup,
  viewTab
} from './results-support'

const BOM = [0xef, 0xbb, 0xbf]
type Format = 'CSV' | 'Excel (XLSX)' | 'JSON'
type Scope = 'Rows shown' | 'Selected rows' | 'All rows'

/** Exports through the dialog; returns the saved file's path and the row count the status line reports. */
async function exportVia(page: Page, format: Format, scope: Scope): Promise<{ path: string; rows: number }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: /^Export (Items|Locations)$/ })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: format }).check()
  await dialog.getByRole('radio', { name: new RegExp(`^${scope}`) }).check()
  await dialog.getByRole('button', { name: 'Save file' }).click()
  await expect(dialog).toBeHidden()
  const status = page.getByRole('status').filter({ hasText: /^Saved / })
  await expect(status).toBeVisible()
  const match = /^Saved ([\d,]+) rows? to (.+)$/.exec((await status.textContent()) ?? '')
  expect(match).not.toBeNull()
  return { rows: Number(match?.[1]?.replaceAll(',', '')), path: match?.[2] ?? '' }
}

function column(header: readonly string[], name: string): number {
  const index = header.indexOf(name)
  expect(index, `column "${name}" in ${header.join(', ')}`).toBeGreaterThanOrEqual(0)
  return index
}

async function readCsv(path: string): Promise<string[][]> {
  const bytes = await readFile(path)
  expect([...bytes.subarray(0, 3)]).toEqual(BOM)
  return parseCsv(bytes.subarray(3).toString('utf8'))
}

const cellOf = (value: number | null) => (value === null ? null : value)

test.describe('results export', () => {
  test('an export is what the screen shows: the view, its rows as filtered and sorted or selected, its columns and labels', async ({
    page,
    harness
  }, testInfo) => {
    await runDemoLookup(page, lookupValues())
    const results = await lineResults(harness)
    const items = expectedItems(results)
    const rows = expectedRows(results)
    const inExportDir = (path: string) => {
      const inside = relative(harness.exportDir, path)
      return !inside.startsWith('..') && !isAbsolute(inside)
    }

    await test.step('XLSX of all items: the Items sheet cell for cell, a Locations sheet, status fills, frozen header, filter, text identifiers', async () => {
      const saved = await exportVia(page, 'Excel (XLSX)', 'All rows')
      expect(inExportDir(saved.path)).toBe(true)
      expect(saved.rows).toBe(items.length)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.readFile(saved.path)
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Items', 'Locations'])
      const [sheet, locations] = workbook.worksheets
      if (sheet === undefined || locations === undefined) return
      expect(sheet.getRow(1).values).toEqual([undefined, ...ITEM_HEADERS])
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
      expect(sheet.autoFilter).toBe(`A1:${String.fromCharCode(64 + ITEM_HEADERS.length)}1`)
      expect(sheet.rowCount).toBe(items.length + 1)
      const fills = new Map<string, string>()
      items.forEach((item, index) => {
        const row = sheet.getRow(index + 2)
        const values = ['Stock status', 'Line', 'GTIN', 'On shelf', 'Backroom', 'On hand', 'On order', 'In transit'].map(
          (label) => row.getCell(ITEM_HEADERS.indexOf(label) + 1).value ?? null
        )
        expect(values, `row ${index + 2}`).toEqual([
          item.status,
          item.line,
          item.gtin === '' ? null : item.gtin,
          cellOf(item.onShelf),
          cellOf(item.backroom),
          cellOf(item.onHand),
          cellOf(item.onOrder),
          cellOf(item.inTransit)
        ])
        if (item.gtin !== '') expect(typeof row.getCell(ITEM_HEADERS.indexOf('GTIN') + 1).value, 'GTIN stored as text').toBe('string')
        const fill = row.getCell(1).fill
        const argb = fill?.type === 'pattern' ? fill.fgColor?.argb : undefined
        expect(argb, `status fill of row ${index + 2}`).toMatch(/^FF[0-9A-F]{6}$/)
        const known = fills.get(item.status)
        if (known === undefined) fills.set(item.status, argb ?? '')
        else expect(argb).toBe(known)
      })
      expect(new Set(fills.values()).size, 'stock statuses have their own colours').toBeGreaterThanOrEqual(4)
      expect(locations.rowCount).toBe(rows.length + 1)
      const locationHeader = (locations.getRow(1).values as unknown[]).slice(1) as string[]
      const quantity = column(locationHeader, 'Quantity') + 1
      rows.forEach((row, index) => expect(locations.getRow(index + 2).getCell(quantity).value ?? null).toBe(row.quantity))
    })

    await test.step('CSV of the rows shown: a preset and a sort, the same rows in the same order, as many as "Saved N rows" says', async () => {
      await presetChip(page, 'Out of stock').click()
      const outOfStock = items.filter((item) => item.status === 'Out of stock')
      await expect.poll(() => gridRowCount(page)).toBe(outOfStock.length)
      const line = resultsGrid(page).getByRole('columnheader', { name: 'Line', exact: true })
      await line.click()
      await line.click()
      await expect(line).toHaveAttribute('aria-sort', 'descending')
      const shown = await renderedColumn(page, 'Line')
      const saved = await exportVia(page, 'CSV', 'Rows shown')
      const [header = [], ...records] = await readCsv(saved.path)
      expect(header).toEqual(ITEM_HEADERS)
      expect(records).toHaveLength(outOfStock.length)
      expect(saved.rows).toBe(records.length)
      const lineAt = ITEM_HEADERS.indexOf('Line')
      expect(records.map((record) => record[lineAt])).toEqual(outOfStock.map((item) => String(item.line)).reverse())
      expect(records.slice(0, shown.length).map((record) => record[lineAt])).toEqual(shown)
      expect(new Set(records.map((record) => record[0]))).toEqual(new Set(['Out of stock']))
    })

    await test.step('JSON of the selected rows, in screen order, keyed by the screen labels', async () => {
      const grid = resultsGrid(page)
      const firstTwo = (await renderedColumn(page, 'Line')).slice(0, 2)
      for (const line of firstTwo) await grid.getByRole('checkbox', { name: `Select line ${line}`, exact: true }).check()
      await page.getByRole('button', { name: 'Export', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Export Items' })
      await expect(dialog.getByRole('radio', { name: /^Selected rows \(2 items\)/ })).toBeChecked()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      const saved = await exportVia(page, 'JSON', 'Selected rows')
      expect(saved.path.endsWith('.json')).toBe(true)
      const records = JSON.parse(await readFile(saved.path, 'utf8')) as Array<Record<string, unknown>>
      expect(saved.rows).toBe(2)
      expect(records.map((record) => String(record.Line))).toEqual(firstTwo)
      expect(Object.keys(records[0] ?? {})).toEqual(ITEM_HEADERS)
      await grid.getByRole('checkbox', { name: 'Select All' }).uncheck()
    })

    await test.step('the Locations view exports its own rows and columns, one sheet', async () => {
      await presetChip(page, 'Out of stock').click()
      await viewTab(page, 'Locations').click()
      await expect.poll(() => gridRowCount(page)).toBe(rows.length)
      const saved = await exportVia(page, 'CSV', 'All rows')
      const [header = [], ...records] = await readCsv(saved.path)
      expect(header).toEqual([
        'Stock status',
        'Line',
        'Input',
        'GTIN',
        'Walmart item number',
        'Location area',
        'State',
        'Quantity',
        'Counted as',
        'On hand',
        'As of',
        'Supplier',
        'Message'
      ])
      expect(records).toHaveLength(rows.length)
      expect(saved.rows).toBe(rows.length)
      const quantity = column(header, 'Quantity')
      const area = column(header, 'Location area')
      records.forEach((record, index) => {
        expect(record[1]).toBe(String(rows[index]?.line))
        expect(record[quantity]).toBe(rows[index]?.quantity === null ? '' : String(rows[index]?.quantity))
        expect(record[area]?.toLowerCase()).toBe(rows[index]?.locationArea.toLowerCase())
      })
      expect(records.some((record) => record[3]?.startsWith('00'))).toBe(true)
    })

    await test.step('the dialog offers the format used last, also after the app restarts', async () => {
      await page.getByRole('button', { name: 'Export', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Export Locations' })
      await expect(dialog.getByRole('radio', { name: 'CSV' })).toBeChecked()
      await expect(dialog.getByRole('radio', { name: /^Rows shown/ })).toBeChecked()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      expect(harness.root.services.settings.current().settings.exportFormat).toBe('csv')
      await attachScreenshot(page, testInfo, 'after export')
    })
  })
})
