import { readFile } from 'node:fs/promises'
import { isAbsolute, relative } from 'node:path'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { attachScreenshot, expect, test } from './fixtures'
import { expectedRows, gridRowCount, lineResults, lookupValues, parseCsv, runDemoLookup } from './results-support'

const BOM = [0xef, 0xbb, 0xbf]

/** Exports through the dialog; returns the saved file's path from the status line. */
async function exportVia(page: Page, format: 'CSV' | 'Excel (XLSX)' | 'JSON', scope: 'All rows' | 'Only rows shown'): Promise<{ path: string; rows: number }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export results' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: format }).check()
  await dialog.getByRole('radio', { name: scope }).check()
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

test.describe('results export', () => {
  test('CSV and XLSX hold every row cell for cell; "Only rows shown" exports exactly the filtered lines', async ({ page, harness }, testInfo) => {
    await runDemoLookup(page, lookupValues())
    const results = lineResults(harness)
    const rows = expectedRows(results)
    const inExportDir = (path: string) => {
      const inside = relative(harness.exportDir, path)
      return !inside.startsWith('..') && !isAbsolute(inside)
    }

    let csv: string[][] = []
    await test.step('CSV: UTF-8 with BOM, RFC 4180, one record per grid row, GTINs with their leading zeros', async () => {
      const saved = await exportVia(page, 'CSV', 'All rows')
      expect(inExportDir(saved.path)).toBe(true)
      expect(saved.path.endsWith('.csv')).toBe(true)
      const bytes = await readFile(saved.path)
      expect([...bytes.subarray(0, 3)]).toEqual(BOM)
      csv = parseCsv(bytes.subarray(3).toString('utf8'))
      const [header = [], ...records] = csv
      expect(records).toHaveLength(rows.length)
      expect(saved.rows).toBe(rows.length)
      const line = column(header, 'Line')
      const gtin = column(header, 'GTIN')
      const quantity = column(header, 'Quantity')
      const area = column(header, 'Location area')
      records.forEach((record, index) => {
        const expected = rows[index]
        expect(record, `record ${index + 1}`).toHaveLength(header.length)
        expect(record[line]).toBe(String(expected?.line))
        expect(record[area]?.toLowerCase()).toBe(expected?.locationArea.toLowerCase())
        expect(record[quantity]).toBe(expected?.quantity === null ? '' : String(expected?.quantity))
        if (expected?.status === 'found') expect(record[gtin]).toBe(expected.gtin)
      })
      expect(records.some((record) => record[gtin]?.startsWith('00'))).toBe(true)
    })

    await test.step('XLSX: the same cells, GTINs stored as text, the header row frozen', async () => {
      const saved = await exportVia(page, 'Excel (XLSX)', 'All rows')
      expect(inExportDir(saved.path)).toBe(true)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.readFile(saved.path)
      const sheet = workbook.worksheets[0]
      expect(sheet).toBeDefined()
      if (sheet === undefined) return
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
      expect(sheet.rowCount).toBe(csv.length)
      const header = csv[0] ?? []
      const gtin = column(header, 'GTIN')
      csv.forEach((record, rowIndex) => {
        const row = sheet.getRow(rowIndex + 1)
        record.forEach((text, columnIndex) => {
          const cell = row.getCell(columnIndex + 1)
          const value = cell.value
          const shown = value === null || value === undefined ? '' : typeof value === 'object' ? cell.text : String(value)
          expect(shown, `${cell.address}`).toBe(text.replace(/^'(?=[=+\-@])/, ''))
          if (rowIndex > 0 && columnIndex === gtin && text !== '') expect(typeof value, `${cell.address} is text`).toBe('string')
        })
      })
    })

    await test.step('JSON: one object per grid row, keyed by the same columns', async () => {
      const saved = await exportVia(page, 'JSON', 'All rows')
      expect(saved.path.endsWith('.json')).toBe(true)
      const records = JSON.parse(await readFile(saved.path, 'utf8')) as Array<Record<string, unknown>>
      expect(records).toHaveLength(rows.length)
      expect(Object.keys(records[0] ?? {})).toEqual(csv[0])
      records.forEach((record, index) => {
        expect(record.Line).toBe(rows[index]?.line)
        expect(record.Quantity).toBe(rows[index]?.quantity)
      })
    })

    await test.step('"Only rows shown" sends the lines of the filtered rows, and only those', async () => {
      await page.getByRole('textbox', { name: 'Filter Location area' }).fill('backroom')
      const shownLines = [...new Set(rows.filter((row) => row.locationArea.toLowerCase().includes('backroom')).map((row) => row.line))]
      await expect.poll(() => gridRowCount(page)).toBeLessThan(rows.length)
      const saved = await exportVia(page, 'CSV', 'Only rows shown')
      const [header = [], ...records] = parseCsv((await readFile(saved.path)).subarray(3).toString('utf8'))
      const line = column(header, 'Line')
      expect([...new Set(records.map((record) => Number(record[line])))]).toEqual(shownLines)
      expect(records).toHaveLength(rows.filter((row) => shownLines.includes(row.line)).length)
      await attachScreenshot(page, testInfo, 'after export')
    })
  })
})
