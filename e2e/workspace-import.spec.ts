import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { attachScreenshot, expect, test } from './fixtures'
import { lastJobId } from './results-support'
import { expectNoSeriousAxeViolations, expectValuesText, valuesBox } from './workspace-support'

type Encoding = 'utf-8' | 'utf-8-bom' | 'utf-16le-bom' | 'windows-1252'

function encode(text: string, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8')
    case 'utf-8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
    case 'utf-16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    case 'windows-1252':
      // Every character used here is in Latin-1, where Windows-1252 and ISO-8859-1 agree.
      return Buffer.from(text, 'latin1')
  }
}

/** Row 1 is the header; row 5 repeats row 3, so the duplicate must be reported as "Line 5 ... Repeats line 3". */
const ROWS = [
  ['Crème brûlée, 4 pack', '00012345678905', '3'],
  ['Café molido', '4006381333931', '12'],
  ['Jalapeño', '036000291452', '1'],
  ['Crème brûlée, 4 pack', '4006381333931', '2']
] as const

function delimited(separator: string, quote: boolean): string {
  const cell = (text: string) => (quote && text.includes(separator) ? `"${text}"` : text)
  const lines = [['Description', 'GTIN', 'Quantity'], ...ROWS].map((row) => row.map(cell).join(separator))
  return `${lines.join('\r\n')}\r\n`
}

async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Items')
  sheet.addRow(['Description', 'GTIN', 'Quantity'])
  for (const [description, gtin, quantity] of ROWS) sheet.addRow([description, gtin, Number(quantity)])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

const MIME = { csv: 'text/csv', tsv: 'text/tab-separated-values', txt: 'text/plain', xlsx: 'application/octet-stream' }

async function chooseFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import file' }).click()
  const extension = name.split('.').pop() as keyof typeof MIME
  await (await chooser).setFiles({ name, mimeType: MIME[extension], buffer })
}

async function dropFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, bytes }) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(bytes)], fileName))
      return transfer
    },
    { fileName: name, bytes: [...buffer] }
  )
  await valuesBox(page).dispatchEvent('dragenter', { dataTransfer })
  await valuesBox(page).dispatchEvent('dragover', { dataTransfer })
  await valuesBox(page).dispatchEvent('drop', { dataTransfer })
}

/** Opens a group of the validation summary; it stays open across imports, so only click when closed. */
async function expandGroup(page: Page, name: RegExp): Promise<void> {
  const toggle = page.getByRole('button', { name })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
}

/** Picks the GTIN column (it must be the suggested one) and checks what landed in the list. */
async function expectImportedGtins(page: Page, fileName: string, encodingLabel: string | null): Promise<void> {
  const column = page.getByRole('combobox', { name: 'Column' })
  await expect(column).toBeVisible()
  await expect(column).toBeFocused()
  await expect(column.locator('option:checked')).toHaveText('GTIN')
  const samples = page.getByRole('list', { name: 'Sample values' })
  await expect(samples).toContainText('00012345678905')
  await column.selectOption({ label: 'Description' })
  await expect(samples).toContainText('Crème brûlée, 4 pack')
  await expect(samples).toContainText('Jalapeño')
  await column.selectOption({ label: 'GTIN' })
  await page.getByRole('button', { name: 'Use this column' }).click()

  await expectValuesText(page, '00012345678905\n4006381333931\n036000291452\n4006381333931')
  const note = page.getByText(`Imported 4 values from ${fileName}`)
  await expect(note).toBeVisible()
  if (encodingLabel !== null) await expect(note).toContainText(encodingLabel)
  await expect(page.getByText(/^4 values: 3 valid, /)).toBeVisible()
  await expandGroup(page, /Duplicates$/)
  const duplicates = page.getByRole('list', { name: 'Duplicates' })
  await expect(duplicates.getByRole('listitem')).toHaveCount(1)
  await expect(duplicates.getByRole('listitem')).toContainText('Line 5')
  await expect(duplicates.getByRole('listitem')).toContainText('Repeats line 3.')
}

test.describe('workspace: importing files', () => {
  const cases: { name: string; encoding: Encoding; label: string; separator: string }[] = [
    { name: 'items-utf8.csv', encoding: 'utf-8', label: 'UTF-8', separator: ',' },
    { name: 'items-utf8-bom.csv', encoding: 'utf-8-bom', label: 'UTF-8', separator: ',' },
    { name: 'items-utf16.tsv', encoding: 'utf-16le-bom', label: 'UTF-16', separator: '\t' },
    { name: 'items-1252.csv', encoding: 'windows-1252', label: 'Windows-1252', separator: ';' }
  ]

  for (const { name, encoding, label, separator } of cases) {
    test(`${name}: chosen with the file chooser, decoded as ${encoding}, column picked`, async ({ page }, testInfo) => {
      await chooseFile(page, name, encode(delimited(separator, true), encoding))
      await expectImportedGtins(page, name, label)
      if (encoding === 'utf-8') {
        await attachScreenshot(page, testInfo, 'imported and checked')
        await expectNoSeriousAxeViolations(page)
      }
    })
  }

  test('a TSV dropped onto the entry area', async ({ page }) => {
    await dropFile(page, 'dropped.tsv', encode(delimited('\t', false), 'utf-16le-bom'))
    await expectImportedGtins(page, 'dropped.tsv', 'UTF-16')
  })

  test('an XLSX, chosen and dropped', async ({ page }, testInfo) => {
    const bytes = await xlsx()
    await chooseFile(page, 'items.xlsx', bytes)
    await attachScreenshot(page, testInfo, 'column picker')
    await expectNoSeriousAxeViolations(page)
    await expectImportedGtins(page, 'items.xlsx', null)
    await page.getByRole('button', { name: 'Clear list' }).click()
    await expectValuesText(page, '')
    await dropFile(page, 'items.xlsx', bytes)
    await expectImportedGtins(page, 'items.xlsx', null)
  })

  test('a one-column TXT goes straight into the list, keeping its row numbers', async ({ page }) => {
    const text = '00012345678905\n\n4006381333931\n00012345678905\n'
    await dropFile(page, 'scanned.txt', encode(text, 'utf-8'))
    await expect(page.getByRole('combobox', { name: 'Column' })).toBeHidden()
    await expectValuesText(page, '00012345678905\n4006381333931\n00012345678905')
    await expandGroup(page, /Duplicates$/)
    await expect(page.getByRole('list', { name: 'Duplicates' }).getByRole('listitem')).toContainText('Line 4')
  })

  test('importing over a list asks first, and keeping the list changes nothing', async ({ page }) => {
    await valuesBox(page).fill('4006381333931\n00012345678905')
    const file = encode('00012345678905\n4006381333931\n96385074\n', 'utf-8')
    await dropFile(page, 'scanned.txt', file)
    const dialog = page.getByRole('dialog', { name: 'Replace the list with the file?' })
    await expect(dialog).toContainText('The 2 values now in “Values to look up” will be replaced by the 3 values from scanned.txt.')
    await expect(dialog.getByRole('button', { name: 'Keep current list' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expectValuesText(page, '4006381333931\n00012345678905')

    await dropFile(page, 'scanned.txt', file)
    await dialog.getByRole('button', { name: 'Replace list' }).click()
    await expectValuesText(page, '00012345678905\n4006381333931\n96385074')
    await expect(page.getByText('Imported 3 values from scanned.txt')).toBeVisible()
  })

  test('a quote that never closes costs no lines: the list has every row, and the note names the row', async ({ page }) => {
    const gtins = ['00012345678905', '4006381333931', '036000291452', '614141000036']
    const text = `GTIN,Description\r\n${gtins[0]},"12 inch pizza\r\n${gtins
      .slice(1)
      .map((gtin) => `${gtin},12" pizza`)
      .join('\r\n')}\r\n`
    await chooseFile(page, 'pizza.csv', encode(text, 'utf-8'))
    await expect(page.getByRole('combobox', { name: 'Column' }).locator('option:checked')).toHaveText('GTIN')
    await page.getByRole('button', { name: 'Use this column' }).click()
    await expectValuesText(page, gtins.join('\n'))
    const note = page.getByText(/^Imported 4 values from pizza\.csv/)
    await expect(note).toContainText(
      'Row 2 opens a quote that is never closed: it was read to the end of its line, with the quote kept as a character; check that row in the file.'
    )
    // The note describes the list to assistive technology too.
    await expect(valuesBox(page)).toHaveAccessibleDescription(/Row 2 opens a quote that is never closed/)
  })

  test('an unreadable file gets an explanation and a next step', async ({ page }) => {
    await chooseFile(page, 'broken.xlsx', Buffer.from('this is not a zip file'))
    const alert = page.getByRole('alert').filter({ hasText: 'The file could not be read.' })
    await expect(alert).toBeVisible()
    // Main's message already says what to do, so the alert says it once, without the general advice.
    await expect(alert).toContainText(
      'broken.xlsx is not a valid Excel workbook. Open it in Excel and save it again as .xlsx, or export it as CSV.'
    )
    await expect(alert).not.toContainText('Save it as CSV, TSV, TXT or XLSX and import it again.')
    await alert.getByRole('button', { name: 'Dismiss' }).click()
    await expect(alert).toBeHidden()
  })

  test("a supplier's workbook: skipped rows are listed, padded UPCs are normal, and the other columns reach the results", async ({
    page,
    harness
  }) => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Items')
    sheet.addRow(['Description', 'UPC', 'Case Pack'])
    sheet.addRow(['Crème brûlée', 36000291452, 12])
    sheet.addRow(['Café molido', '4006381333931', 6])
    sheet.addRow([])
    sheet.addRow(['Tea, green', 12345678905, 24])
    sheet.addRow(['Discontinued', null, 1])
    await chooseFile(page, 'supplier.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))
    await expect(page.getByRole('combobox', { name: 'Column' }).locator('option:checked')).toHaveText('UPC')
    await page.getByRole('button', { name: 'Use this column' }).click()

    await expectValuesText(page, '36000291452\n4006381333931\n12345678905')
    const note = page.getByText(/^Imported 3 values from supplier\.xlsx/)
    await expect(note).toContainText('1 blank row skipped (row 4).')
    await expect(note).toContainText('1 row without a value in "UPC" skipped (row 6).')
    const padded = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Padded to 14 digits/ }) })
    await expect(padded).toHaveAttribute('data-tone', 'neutral')
    const bodyColor = await page.evaluate(() => getComputedStyle(document.body).color)
    await expect(padded.getByRole('button').getByText(/^\d+$/)).toHaveCSS('color', bodyColor)

    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(page.getByText('3 items', { exact: true })).toBeVisible({ timeout: 60_000 })
    const grid = page.getByRole('grid', { name: 'Inventory results' })
    // The file's other columns come after the figures and identifiers, so Case Pack is drawn once the grid scrolls to it.
    await grid.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
    await expect(grid.getByRole('columnheader', { name: 'Case Pack', exact: true })).toBeVisible()
    await expect(grid.getByRole('gridcell', { name: 'Café molido', exact: true })).toBeVisible()
    const jobId = lastJobId(harness)
    const results = await page.evaluate(async (id) => {
      const progress = await window.inventory.getJobResults({ jobId: id, from: 0 })
      if (!progress.ok) return null
      // The page's entries as the window decodes them (decodeResultPage, which this page cannot import).
      const entries = JSON.parse(new TextDecoder().decode(progress.value.encoded)) as { line: number; carried?: string[] }[]
      return entries.map((entry) => ({ line: entry.line, carried: entry.carried }))
    }, jobId)
    const finalByLine = new Map((results ?? []).map((entry) => [entry.line, entry.carried]))
    expect([...finalByLine].sort(([a], [b]) => a - b)).toEqual([
      [2, ['Crème brûlée', '12']],
      [3, ['Café molido', '6']],
      [5, ['Tea, green', '24']]
    ])
    expect(harness.root.services.lookups.progress(jobId).carriedColumns).toEqual(['Item name', 'Case Pack'])
  })
})
