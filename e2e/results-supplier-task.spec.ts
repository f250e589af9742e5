import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { attachScreenshot, expect, test } from './fixtures'
import { gridRowCount, lookupValues, presetChip, resultsGrid } from './results-support'

/**
 * The task from the issue, as a supplier's person does it: "find the items that have nothing on the
 * shelf but some in the backroom, and send that list in Excel", starting from their own workbook.
 */

interface SupplierRow {
  description: string
  upc: string | number | null
}

/**
 * 300 products with a Description and a UPC column: a third of the UPCs typed in as numbers (so
 * leading zeros are gone), the rest as text; a few bad rows (letters, a wrong check digit, numbers
 * Excel turned into scientific notation), two rows without a UPC and one blank row.
 */
function supplierRows(): Array<SupplierRow | null> {
  const rows: Array<SupplierRow | null> = lookupValues().map((value, index) => ({
    description: `Product ${index + 1}, ${['oat milk 1 L', 'rye bread', 'green tea 20 bags', 'soap bar'][index % 4]}`,
    upc: /^\d+$/.test(value) && index % 3 === 0 ? Number(value) : value
  }))
  rows.splice(40, 0, { description: 'Sample pack (no UPC yet)', upc: null })
  rows.splice(120, 0, null)
  rows.splice(200, 0, { description: 'Discontinued', upc: null })
  return rows
}

async function workbookBytes(rows: Array<SupplierRow | null>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Products')
  sheet.addRow(['Description', 'UPC'])
  for (const row of rows) sheet.addRow(row === null ? [] : [row.description, row.upc])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** Every row the grid renders, as a person reads each cell (icons are decoration), by column label. */
async function gridTable(page: Page): Promise<{ headers: string[]; rows: string[][] }> {
  return resultsGrid(page).evaluate((grid) => {
    const read = (cell: Element): string => {
      const copy = cell.cloneNode(true) as Element
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
    }
    const headerCells = [...grid.querySelectorAll('[role="columnheader"]')].filter((cell) => read(cell) !== '')
    const headers = headerCells.map(read)
    const columns = headerCells.map((cell) => cell.getAttribute('aria-colindex'))
    const rows = [...grid.querySelectorAll('[role="row"]')]
      .filter((row) => row.querySelector('[role="gridcell"]') !== null)
      .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
      .map((row) =>
        columns.map((index) => read(row.querySelector(`[role="gridcell"][aria-colindex="${index}"]`) ?? document.createElement('span')))
      )
    return { headers, rows }
  })
}

test('the supplier task: import an XLSX, run, "Shelf empty, backroom has stock", export those rows to Excel, the same cells', async ({
  page
}, testInfo) => {
  await page.setViewportSize({ width: 1600, height: 1500 })
  const rows = supplierRows()

  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import file' }).click()
  await (
    await chooser
  ).setFiles({ name: 'supplier-products.xlsx', mimeType: 'application/octet-stream', buffer: await workbookBytes(rows) })
  const column = page.getByRole('combobox', { name: 'Column' })
  await expect(column.locator('option:checked')).toHaveText('UPC')
  await page.getByRole('button', { name: 'Use this column' }).click()
  const values = rows.filter((row) => row !== null && row.upc !== null).length
  await expect(page.getByText(new RegExp(`^Imported ${values} values from supplier-products\\.xlsx`))).toBeVisible()

  await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveValue('1234')
  await page.getByRole('button', { name: 'Run lookup' }).click()
  await expect(page.getByText(`${values} items`, { exact: true })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('region', { name: 'What was looked up' })).toContainText(`Store 1234 · ${values} values`)

  const chip = presetChip(page, 'Shelf empty, backroom has stock')
  await chip.click()
  await expect(chip).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => gridRowCount(page)).toBeLessThan(values)
  const shown = await gridRowCount(page)
  expect(shown, 'store 1234 has items with an empty shelf and stock in the backroom').toBeGreaterThan(0)

  const screen = await gridTable(page)
  expect(screen.rows, 'every row of the preset is on screen to compare').toHaveLength(shown)
  expect(screen.headers).toEqual(
    expect.arrayContaining(['Stock status', 'Line', 'Input', 'GTIN', 'Item name', 'On shelf', 'Backroom', 'On hand'])
  )
  expect(screen.headers).not.toContain('UPC')
  await attachScreenshot(page, testInfo, 'shelf empty, backroom has stock')

  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export Items' })
  await dialog.getByRole('radio', { name: 'Excel (XLSX)' }).check()
  await expect(dialog.getByRole('radio', { name: /^Rows shown/ })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save file' }).click()
  const status = page.getByRole('status').filter({ hasText: /^Saved / })
  await expect(status).toHaveText(new RegExp(`^Saved ${shown} rows? to .+\\.xlsx$`))
  const path = /to (.+)$/.exec((await status.textContent()) ?? '')?.[1] ?? ''

  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(path)
  const sheet = workbook.worksheets[0]
  expect(sheet?.name).toBe('Items')
  const header = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1)
  expect(header).toEqual(screen.headers)
  expect((sheet?.rowCount ?? 0) - 1).toBe(shown)
  // As of is written as the instant (ISO, UTC) the screen shows in its locale.
  const asOfColumn = screen.headers.indexOf('As of')
  const asOfWritten = screen.rows.map((_, rowIndex) => String(sheet?.getRow(rowIndex + 2).getCell(asOfColumn + 1).value ?? ''))
  const asOfShown = await page.evaluate(
    (isos) =>
      isos.map((iso) =>
        iso === '' ? '' : new Intl.DateTimeFormat(navigator.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      ),
    asOfWritten
  )
  screen.rows.forEach((cells, rowIndex) => {
    const row = sheet?.getRow(rowIndex + 2)
    cells.forEach((text, columnIndex) => {
      const value = row?.getCell(columnIndex + 1).value
      const written = columnIndex === asOfColumn ? asOfShown[rowIndex] : value === null || value === undefined ? '' : String(value)
      expect(written, `${screen.headers[columnIndex]} of row ${rowIndex + 2}`).toBe(text)
    })
  })

  // The Description came with each line from the supplier's file as its Item name: line N is the file's row N.
  const line = screen.headers.indexOf('Line')
  const description = screen.headers.indexOf('Item name')
  for (const cells of screen.rows) {
    const fileRow = rows[Number(cells[line]) - 2]
    expect(cells[description]).toBe(fileRow?.description)
  }
  expect(workbook.worksheets[1]?.name).toBe('Locations')
})
