import type { Locator, Page } from '@playwright/test'
import type { LineResult } from '../src/shared/domain/line-result'
import { expect } from './fixtures'
import type { Harness } from './harness/start-harness'
import { gtinCheckDigit, replaceValues } from './workspace-support'
import { latestResults } from '../src/main/history/test-support/latest-results'

/**
 * 300 values for a Demo lookup: 280 well-formed GTINs (EAN-13, UPC-A and zero-padded GTIN-14), 10
 * repeats of earlier values, 5 wrong check digits, 3 numbers a spreadsheet turned into scientific
 * notation and 2 with letters. The Demo API leaves about 8 % of well-formed values unmapped.
 */
export function lookupValues(): string[] {
  const values: string[] = []
  for (let i = 0; i < 280; i += 1) {
    if (i % 9 === 0) {
      const upcData = String(36_000_000_000 + i * 104_729).slice(-11)
      values.push(`${upcData}${gtinCheckDigit(upcData)}`)
      continue
    }
    const data = String(400_638_100_000 + i * 7_919)
    const ean = `4${data.slice(-11)}`
    const gtin13 = `${ean}${gtinCheckDigit(ean)}`
    values.push(i % 9 === 1 ? `0${gtin13}` : gtin13)
  }
  for (let i = 0; i < 10; i += 1) values.push(values[i * 20 + 3] as string)
  for (let i = 0; i < 5; i += 1) {
    const good = values[i * 30 + 5] as string
    values.push(`${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`)
  }
  values.push('7.61E+12', '4.00638E+12', '1.23457E+11', '12345ABC90', 'GTIN-UNKNOWN')
  return values
}

export const EXPECTED_DUPLICATES = 10
export const EXPECTED_INVALID = 10

/** Types the values into the workspace and runs a Demo lookup; resolves when every line has its row in the Items view. */
export async function runDemoLookup(page: Page, values: readonly string[]): Promise<void> {
  await replaceValues(page, values)
  await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveValue(/\d+/)
  const progress = page.locator('section.job-progress')
  // The lookup on screen before the click (when there is one) keeps its results until the new one
  // replaces it: its "N items" must not be taken for the new lookup's.
  const before = (await progress.count()) > 0 ? await progress.getAttribute('data-job-id') : null
  await page.getByRole('button', { name: 'Run lookup' }).click()
  await expect(progress).not.toHaveAttribute('data-job-id', before ?? '', { timeout: 60_000 })
  await expect(progress).toHaveAttribute('data-state', 'finished', { timeout: 60_000 })
  await expect(page.getByText(`${values.length.toLocaleString('en-US')} items`, { exact: true })).toBeVisible({ timeout: 60_000 })
}

/** The id of the last job the harness told the page about. */
export function lastJobId(harness: Harness): string {
  const jobId = harness.lastJobId()
  if (jobId === null) throw new Error('The harness sent no job progress to the page.')
  return jobId
}

/** The final result of every line, straight from main's job runner. */
export async function lineResults(harness: Harness): Promise<LineResult[]> {
  return await latestResults(harness.root.services.results, lastJobId(harness))
}

export interface ExpectedRow {
  line: number
  status: LineResult['status']
  gtin: string
  locationArea: string
  state: string
  quantity: number | null
}

/** One row per inventory location, one for a line without any: what the Locations view must show. */
export function expectedRows(results: readonly LineResult[]): ExpectedRow[] {
  const rows: ExpectedRow[] = []
  for (const result of [...results].sort((a, b) => a.line - b.line)) {
    const locations = result.item?.inventory_locations ?? []
    const base = { line: result.line, status: result.status, gtin: result.item?.gtin ?? result.value ?? '' }
    if (locations.length === 0) rows.push({ ...base, locationArea: '', state: '', quantity: null })
    for (const location of locations) {
      rows.push({ ...base, locationArea: location.location_area, state: location.state, quantity: location.quantity })
    }
  }
  return rows
}

export interface ExpectedItem {
  line: number
  status: string
  gtin: string
  onShelf: number | null
  backroom: number | null
  onHand: number | null
  onOrder: number | null
  inTransit: number | null
}

const OTHER_OUTCOMES: Record<string, string> = {
  not_found: 'Not found',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
  failed: 'Failed',
  cancelled: 'Cancelled'
}

/**
 * The Items view worked out from main's raw results by the rules, written out again here
 * on purpose so the test does not check the app against its own code.
 */
export function expectedItems(results: readonly LineResult[], lowStockLevel = 3): ExpectedItem[] {
  return [...results]
    .sort((a, b) => a.line - b.line)
    .map((result) => {
      const gtin = result.item?.gtin ?? result.value ?? ''
      if (result.status !== 'found') {
        return {
          line: result.line,
          status: OTHER_OUTCOMES[result.status] ?? '',
          gtin,
          onShelf: null,
          backroom: null,
          onHand: null,
          onOrder: null,
          inTransit: null
        }
      }
      const sum = (test: (area: string, state: string) => boolean) =>
        Math.round(
          (result.item?.inventory_locations ?? [])
            .filter((location) => test(location.location_area.toLowerCase(), location.state.toLowerCase()))
            .reduce((total, location) => total + location.quantity, 0) * 1e6
        ) / 1e6
      const onShelf = sum((area, state) => area === 'store' && state === 'available')
      const backroom = sum((area, state) => area === 'backroom' && state === 'available')
      const onHand = sum((_area, state) => state === 'available')
      const status =
        onHand <= 0
          ? 'Out of stock'
          : onShelf <= 0 && backroom > 0
            ? 'Shelf empty, backroom has stock'
            : onHand <= lowStockLevel
              ? 'Low stock'
              : 'In stock'
      return {
        line: result.line,
        status,
        gtin,
        onShelf,
        backroom,
        onHand,
        onOrder: sum((_area, state) => state === 'on_order'),
        inTransit: sum((_area, state) => state === 'in_transit')
      }
    })
}

export function resultsGrid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Inventory results' })
}

/** The view switch's tabs ("Items", "Locations"). */
export function viewTab(page: Page, name: 'Items' | 'Locations'): Locator {
  return page.getByRole('tablist', { name: 'Results view' }).getByRole('tab', { name })
}

/** A preset chip by its name; its accessible name ends in its live count. */
export function presetChip(page: Page, name: string): Locator {
  return page
    .getByRole('group', { name: 'Presets' })
    .getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} [\\d,]+$`) })
}

export async function chipCount(chip: Locator): Promise<number> {
  return Number(((await chip.textContent()) ?? '').replace(/^\D+/, '').replace(/,/g, ''))
}

/** Opens the column filters (they fold away to leave the grid the room) unless they are open. */
export async function openColumnFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Column filters/ })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

/** How many data rows the grid says it has (virtualized: most are not in the DOM). */
export async function gridRowCount(page: Page): Promise<number> {
  return Number(await resultsGrid(page).getAttribute('aria-rowcount')) - 1
}

/** The texts of one column in the rows currently rendered, top to bottom. */
export async function renderedColumn(page: Page, columnName: string): Promise<string[]> {
  const grid = resultsGrid(page)
  const colIndex = await grid.getByRole('columnheader', { name: columnName, exact: true }).getAttribute('aria-colindex')
  const rows = grid.locator('[role="row"][aria-rowindex]:has([role="gridcell"])')
  const cells = await rows.evaluateAll((elements, index) => {
    // What a person reads: icons are decoration (aria-hidden) next to the status's words.
    const visibleText = (cell: Element | null): string => {
      if (cell === null) return ''
      const copy = cell.cloneNode(true) as Element
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
      return copy.textContent ?? ''
    }
    return elements
      .map((row) => ({
        at: Number(row.getAttribute('aria-rowindex')),
        text: visibleText(row.querySelector(`[role="gridcell"][aria-colindex="${index}"]`))
      }))
      .sort((a, b) => a.at - b.at)
      .map((cell) => cell.text)
  }, colIndex)
  return cells
}

/** The Items view's columns, as its header, its CSV and its XLSX name them. */
export const ITEM_HEADERS = [
  'Stock status',
  'Input',
  'On shelf',
  'Backroom',
  'On hand',
  'On order',
  'In transit',
  'GTIN',
  'Walmart item number',
  'Line',
  'As of',
  'Message'
]

/**
 * RFC 4180: quoted fields may hold the separator (a comma, or the semicolon a CSV may be exported
 * with), quotes (doubled) and line breaks; records end in CRLF or LF. The byte order mark the app's
 * CSV starts with (so Excel reads it as UTF-8) is no part of a field.
 */
export function parseCsv(csv: string, separator: ',' | ';' = ','): string[][] {
  const text = csv.replace(/^\uFEFF/, '')
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === separator) {
      record.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else field += char
  }
  if (field !== '' || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  return records
}
