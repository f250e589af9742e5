import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import type { LineResult } from '../src/shared/domain/line-result'
import { attachScreenshot, expect, test } from './fixtures'
import { expectNoSeriousAxeViolations } from './workspace-support'
import { chipCount, expectedItems, gridRowCount, lineResults, lookupValues, parseCsv, presetChip, renderedColumn, resultsGrid, type ExpectedItem } from './results-support'

/** The Demo sample group: five stores the Demo API gives different stock. */
const STORES = [1234, 1235, 2001, 3050, 4100]
/** The shape beside each status (the screen's legend), so a status reads without its colour. */
const ICONS: Readonly<Record<string, string>> = {
  'Out of stock': '○',
  'Shelf empty, backroom has stock': '◐',
  'Low stock': '◔',
  'In stock': '●',
  'Not found': '?',
  Failed: '✕',
  Cancelled: '–'
}
const FOUND_STATUSES = new Set(['Out of stock', 'Shelf empty, backroom has stock', 'Low stock', 'In stock'])

function tab(page: Page, name: 'Items' | 'Locations' | 'Stores' | 'Matrix'): Locator {
  return page.getByRole('tablist', { name: 'Results view' }).getByRole('tab', { name })
}

/** The in-stock rate as the screen writes it: found values with On hand above zero over found values, one decimal. */
function rateText(found: number, withStock: number): string {
  return found === 0 ? '' : `${(Math.round((withStock / found) * 1000) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`
}

/** A Matrix cell as read: On hand with a word when it needs attention, the outcome in words when nothing was found. */
function matrixText(item: ExpectedItem | undefined): string {
  if (item === undefined) return ''
  if (!FOUND_STATUSES.has(item.status)) return item.status
  const onHand = (item.onHand ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 })
  const word = { 'Out of stock': ' Out', 'Shelf empty, backroom has stock': ' Shelf empty', 'Low stock': ' Low' }[item.status] ?? ''
  return `${onHand}${word}`
}

/** The Items view of each store, worked out from main's raw results by the rules. */
function itemsByStore(results: readonly LineResult[]): Map<number, Map<number, ExpectedItem>> {
  const byStore = new Map<number, Map<number, ExpectedItem>>()
  for (const store of STORES) {
    const items = expectedItems(results.filter((result) => result.storeNbr === store))
    byStore.set(store, new Map(items.map((item) => [item.line, item])))
  }
  return byStore
}

/** Lines every store looked up (not invalid, not a repeat of an earlier line). */
function lookedUpLines(byStore: Map<number, Map<number, ExpectedItem>>): number[] {
  const first = byStore.get(STORES[0] as number) ?? new Map<number, ExpectedItem>()
  return [...first.values()].filter((item) => item.status !== 'Invalid' && item.status !== 'Duplicate').map((item) => item.line)
}

/** Exports the current view through the dialog; returns the saved file and the row count the status line reports. */
async function exportVia(page: Page, view: 'Matrix' | 'Stores', format: 'CSV' | 'Excel (XLSX)', scope: 'Rows shown' | 'All rows'): Promise<{ path: string; rows: number }> {
  const status = page.getByRole('status').filter({ hasText: /^Saved / })
  // The line of an earlier export stays until this one is saved.
  const before = (await status.count()) > 0 ? await status.textContent() : null
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Export ${view}` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: format }).check()
  await dialog.getByRole('radio', { name: new RegExp(`^${scope}`) }).check()
  await dialog.getByRole('button', { name: 'Save file' }).click()
  await expect(dialog).toBeHidden()
  if (before !== null) await expect(status).not.toHaveText(before)
  await expect(status).toHaveText(new RegExp(`^Saved [\\d,]+ rows? to .+\\.${format === 'CSV' ? 'csv' : 'xlsx'}$`))
  const match = /^Saved ([\d,]+) rows? to (.+)$/.exec((await status.textContent()) ?? '')
  return { rows: Number(match?.[1]?.replaceAll(',', '')), path: match?.[2] ?? '' }
}

async function runManyStoreLookup(page: Page, values: readonly string[]): Promise<void> {
  await page.getByRole('textbox', { name: 'Values to look up' }).fill(values.join('\n'))
  await page.getByRole('combobox', { name: 'Store group' }).selectOption({ label: 'Demo sample stores (5 stores: 1234, 1235, 2001, 3050, 4100)' })
  await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveAccessibleDescription('5 stores · group Demo sample stores')
  await page.getByRole('button', { name: 'Run lookup' }).click()
  // The progress says how many stores are done, as they finish, until all five are.
  await expect(page.getByText(/Stores done [0-5] of 5/)).toBeVisible()
  await expect(page.getByText(/Stores done 5 of 5/)).toBeVisible({ timeout: 90_000 })
  await expect(page.getByRole('progressbar', { name: 'Lookup progress' })).toHaveAttribute('aria-valuetext', /, stores done 5 of 5$/)
  await expect(tab(page, 'Matrix')).toBeVisible()
}

test.describe('a lookup of many stores', () => {
  test('Stores and Matrix views, a Matrix cell\'s details, the Out of stock preset, and Items and Locations with a Store column', async ({ page, harness }, testInfo) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 1800, height: 1400 })
    const values = lookupValues()
    await runManyStoreLookup(page, values)
    const results = await lineResults(harness)
    const byStore = itemsByStore(results)
    const lines = lookedUpLines(byStore)
    expect(lines.length, 'the sample has values every store looks up').toBeGreaterThan(200)

    await test.step('Stores view: one row per store with its counts and in-stock rate', async () => {
      await tab(page, 'Stores').click()
      await expect(tab(page, 'Stores')).toHaveAttribute('aria-selected', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(STORES.length)
      expect(await renderedColumn(page, 'Store')).toEqual(STORES.map(String))
      const count = (store: number, status: string) => [...(byStore.get(store)?.values() ?? [])].filter((item) => item.status === status).length
      const found = (store: number) => [...(byStore.get(store)?.values() ?? [])].filter((item) => FOUND_STATUSES.has(item.status))
      const expected = {
        Progress: STORES.map(() => 'Done'),
        'Values found': STORES.map((store) => String(found(store).length)),
        'Out of stock': STORES.map((store) => String(count(store, 'Out of stock'))),
        'Shelf empty, backroom has stock': STORES.map((store) => String(count(store, 'Shelf empty, backroom has stock'))),
        'Low stock': STORES.map((store) => String(count(store, 'Low stock'))),
        'Not found': STORES.map((store) => String(count(store, 'Not found'))),
        Failed: STORES.map(() => '0'),
        'In-stock rate': STORES.map((store) => rateText(found(store).length, found(store).filter((item) => (item.onHand ?? 0) > 0).length))
      }
      for (const [column, texts] of Object.entries(expected)) expect(await renderedColumn(page, column), column).toEqual(texts)
      // The Demo API gives each store its own stock: the stores do not all read alike.
      expect(new Set(expected['In-stock rate']).size, 'in-stock rates differ between stores').toBeGreaterThan(1)
      await attachScreenshot(page, testInfo, 'stores view')
      await expectNoSeriousAxeViolations(page)
    })

    await test.step('Matrix view: one row per value, On hand and a word per store, the rate per item', async () => {
      await tab(page, 'Matrix').click()
      await expect.poll(() => gridRowCount(page)).toBe(lines.length)
      const grid = resultsGrid(page)
      const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '')
      expect(headers).toEqual(['Line', 'Input', 'GTIN', 'Walmart item number', ...STORES.map((store) => `Store ${store}`), 'In-stock rate'])
      const shownLines = (await renderedColumn(page, 'Line')).map(Number)
      expect(shownLines.length, 'rows are drawn').toBeGreaterThan(10)
      expect(shownLines).toEqual(lines.slice(0, shownLines.length))
      for (const store of STORES) {
        const cells = await renderedColumn(page, `Store ${store}`)
        expect(cells, `Store ${store}`).toEqual(shownLines.map((line) => matrixText(byStore.get(store)?.get(line))))
      }
      const rates = await renderedColumn(page, 'In-stock rate')
      expect(rates).toEqual(
        shownLines.map((line) => {
          const found = STORES.map((store) => byStore.get(store)?.get(line)).filter((item) => item !== undefined && FOUND_STATUSES.has(item.status))
          return rateText(found.length, found.filter((item) => (item?.onHand ?? 0) > 0).length)
        })
      )
      // Each store's cell shows its status's icon before the number, so no status is told by colour alone.
      const firstRow = grid.getByRole('row').nth(1)
      for (const store of STORES) {
        const item = byStore.get(store)?.get(lines[0] as number)
        const colIndex = Number(await grid.getByRole('columnheader', { name: `Store ${store}`, exact: true }).getAttribute('aria-colindex'))
        await expect(firstRow.getByRole('gridcell').nth(colIndex - 1)).toHaveText(`${ICONS[item?.status ?? ''] ?? ''}${matrixText(item)}`)
      }
      // Every drawn cell shows its icon, figure and word whole: none is cut off by the column's edge.
      for (const store of STORES) {
        const colIndex = await grid.getByRole('columnheader', { name: `Store ${store}`, exact: true }).getAttribute('aria-colindex')
        const clipped = await grid.getByRole('gridcell').evaluateAll(
          (cells, index) =>
            cells
              .filter((cell) => cell.getAttribute('aria-colindex') === index)
              .filter((cell) => {
                const content = cell.firstElementChild
                const icon = content?.querySelector('[aria-hidden="true"]')
                if (content === null || content === undefined || icon === null || icon === undefined) return false
                const box = cell.getBoundingClientRect()
                const mark = icon.getBoundingClientRect()
                return mark.left < box.left || content.scrollWidth > content.clientWidth || content.getBoundingClientRect().right > box.right
              })
              .map((cell) => cell.textContent),
          colIndex
        )
        expect(clipped, `cells of Store ${store} cut off`).toEqual([])
      }
      await attachScreenshot(page, testInfo, 'matrix view')
      await expectNoSeriousAxeViolations(page)
    })

    await test.step('a Matrix cell opens that item\'s locations in that store', async () => {
      const store = 2001
      const grid = resultsGrid(page)
      const line = lines.find((candidate) => (byStore.get(store)?.get(candidate)?.onHand ?? 0) > 0 && candidate > 1) ?? lines[0]
      const rowIndex = lines.indexOf(line as number)
      const colIndex = Number(await grid.getByRole('columnheader', { name: `Store ${store}`, exact: true }).getAttribute('aria-colindex'))
      const row = grid.getByRole('row').nth(rowIndex + 1)
      await row.getByRole('gridcell').nth(colIndex - 1).click()
      const details = page.getByRole('complementary', { name: 'Item details' })
      await expect(details).toBeVisible()
      await expect(details.getByText(new RegExp(`Store ${store} · Line ${line}$`))).toBeVisible()
      const result = results.find((candidate) => candidate.storeNbr === store && candidate.line === line)
      const locations = result?.item?.inventory_locations ?? []
      expect(locations.length, 'the item has locations in that store').toBeGreaterThan(0)
      const table = details.getByRole('table')
      await expect(table.getByRole('row')).toHaveCount(locations.length + 1)
      const quantities = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.children[2]?.textContent ?? ''))
      expect(quantities).toEqual(locations.map((location) => String(location.quantity)))
      // The same line in another store is that store's answer, not this one's.
      const other = 3050
      const otherCol = Number(await grid.getByRole('columnheader', { name: `Store ${other}`, exact: true }).getAttribute('aria-colindex'))
      await row.getByRole('gridcell').nth(otherCol - 1).click()
      await expect(details.getByText(new RegExp(`Store ${other} · Line ${line}$`))).toBeVisible()
    })

    await test.step('"Out of stock" in the Matrix shows the items out of stock in at least one store', async () => {
      const outSomewhere = lines.filter((line) => STORES.some((store) => byStore.get(store)?.get(line)?.status === 'Out of stock'))
      expect(outSomewhere.length, 'some items are out of stock somewhere').toBeGreaterThan(0)
      const chip = presetChip(page, 'Out of stock')
      expect(await chipCount(chip)).toBe(outSomewhere.length)
      await chip.click()
      await expect(chip).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(outSomewhere.length)
      const shown = (await renderedColumn(page, 'Line')).map(Number)
      expect(shown).toEqual(outSomewhere.slice(0, shown.length))
      await chip.click()
      await expect.poll(() => gridRowCount(page)).toBe(lines.length)
    })

    await test.step('a row of the Stores view opens that store\'s items', async () => {
      await tab(page, 'Stores').click()
      await expect.poll(() => gridRowCount(page)).toBe(STORES.length)
      await resultsGrid(page).getByRole('row').nth(4).getByRole('gridcell').nth(1).click()
      await expect(tab(page, 'Items')).toHaveAttribute('aria-selected', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(results.filter((result) => result.storeNbr === STORES[3]).length)
      expect(new Set(await renderedColumn(page, 'Store'))).toEqual(new Set([String(STORES[3])]))
      await page.getByRole('button', { name: 'Clear filters' }).click()
    })

    await test.step('Items and Locations views have a Store column: one row per store and line', async () => {
      await tab(page, 'Items').click()
      await expect(resultsGrid(page).getByRole('columnheader', { name: 'Store', exact: true })).toBeVisible()
      expect(await gridRowCount(page)).toBe(results.length)
      const stores = (await renderedColumn(page, 'Store')).map(Number)
      const itemLines = (await renderedColumn(page, 'Line')).map(Number)
      const onHand = await renderedColumn(page, 'On hand')
      const status = await renderedColumn(page, 'Stock status')
      expect(stores.length, 'rows are drawn').toBeGreaterThan(10)
      stores.forEach((store, index) => {
        const item = byStore.get(store)?.get(itemLines[index] as number)
        expect(item, `store ${store} line ${itemLines[index]}`).toBeDefined()
        expect(status[index]).toBe(item?.status)
        expect(onHand[index]).toBe(item?.onHand === null || item?.onHand === undefined ? '' : item.onHand.toLocaleString('en-US', { maximumFractionDigits: 2 }))
      })
      // The Store column filters the rows to one store.
      await page.getByRole('button', { name: /^Column filters/ }).click()
      await page.getByRole('textbox', { name: 'Filter Store' }).fill('3050')
      await expect.poll(() => gridRowCount(page)).toBe(results.filter((result) => result.storeNbr === 3050).length)
      expect(new Set(await renderedColumn(page, 'Store'))).toEqual(new Set(['3050']))
      await page.getByRole('button', { name: 'Clear filters' }).click()

      await tab(page, 'Locations').click()
      await expect(resultsGrid(page).getByRole('columnheader', { name: 'Store', exact: true })).toBeVisible()
      const locationRows = results.reduce((total, result) => total + Math.max(1, result.item?.inventory_locations.length ?? 0), 0)
      expect(await gridRowCount(page)).toBe(locationRows)
      const locStores = (await renderedColumn(page, 'Store')).map(Number)
      const locLines = (await renderedColumn(page, 'Line')).map(Number)
      const quantities = await renderedColumn(page, 'Quantity')
      locStores.forEach((store, index) => {
        const result = results.find((candidate) => candidate.storeNbr === store && candidate.line === locLines[index])
        const known = (result?.item?.inventory_locations ?? []).map((location) => String(location.quantity))
        expect(known.length === 0 ? [''] : known, `store ${store} line ${locLines[index]}`).toContain(quantities[index])
      })
    })
  })

  test('the Matrix exported to XLSX: every cell and its fill, in the screen\'s rows and columns', async ({ page, harness }) => {
    test.setTimeout(180_000)
    const values = lookupValues().slice(0, 120)
    await runManyStoreLookup(page, values)
    const results = await lineResults(harness)
    const byStore = itemsByStore(results)
    const lines = lookedUpLines(byStore)

    await tab(page, 'Matrix').click()
    await expect.poll(() => gridRowCount(page)).toBe(lines.length)
    const { path, rows: savedRows } = await exportVia(page, 'Matrix', 'Excel (XLSX)', 'All rows')
    expect(savedRows).toBe(lines.length)

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(path)
    const sheet = workbook.worksheets[0]
    expect(sheet?.name).toBe('Matrix')
    const header = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1)
    expect(header).toEqual(['Line', 'Input', 'GTIN', 'Walmart item number', ...STORES.map((store) => `Store ${store}`), 'In-stock rate'])
    expect((sheet?.rowCount ?? 0) - 1).toBe(lines.length)

    const fillOf = new Map<string, string>()
    lines.forEach((line, index) => {
      const row = sheet?.getRow(index + 2)
      const named = STORES.map((store) => byStore.get(store)?.get(line)).find((item) => item !== undefined && FOUND_STATUSES.has(item.status)) ?? byStore.get(STORES[0] as number)?.get(line)
      const result = results.find((candidate) => candidate.line === line)
      expect(row?.getCell(1).value, `Line of row ${index + 2}`).toBe(line)
      expect(row?.getCell(2).value, `Input of row ${index + 2}`).toBe(result?.input)
      expect(row?.getCell(3).value ?? '', `GTIN of row ${index + 2}`).toBe(named?.gtin ?? '')
      let found = 0
      let withStock = 0
      STORES.forEach((store, storeIndex) => {
        const item = byStore.get(store)?.get(line)
        const cell = row?.getCell(5 + storeIndex)
        const where = `Store ${store} of line ${line}`
        if (item === undefined) throw new Error(`${where}: no answer in main`)
        if (FOUND_STATUSES.has(item.status)) {
          found += 1
          if ((item.onHand ?? 0) > 0) withStock += 1
          // On hand as a number a spreadsheet can sum.
          expect(cell?.value, where).toBe(item.onHand)
        } else {
          expect(cell?.value, where).toBe(item.status)
        }
        const fill = cell?.fill
        const argb = fill?.type === 'pattern' ? fill.fgColor?.argb : undefined
        expect(argb, `fill of ${where}`).toMatch(/^FF[0-9A-F]{6}$/)
        const known = fillOf.get(item.status)
        if (known === undefined) fillOf.set(item.status, argb ?? '')
        else expect(argb, `${where} is filled like every other "${item.status}"`).toBe(known)
      })
      const rate = row?.getCell(5 + STORES.length).value
      expect(rate ?? null, `In-stock rate of line ${line}`).toBe(found === 0 ? null : Math.round((withStock / found) * 1000) / 10)
    })

    // Each stock status has a colour of its own: red for out of stock, green for in stock.
    const channels = (argb: string | undefined) => {
      const hex = (argb ?? 'FF000000').slice(2)
      return { red: parseInt(hex.slice(0, 2), 16), green: parseInt(hex.slice(2, 4), 16) }
    }
    const out = fillOf.get('Out of stock')
    const inStock = fillOf.get('In stock')
    expect(out, 'an item is out of stock in some store').toBeDefined()
    expect(inStock, 'an item is in stock in some store').toBeDefined()
    expect(channels(out).red).toBeGreaterThan(channels(out).green)
    expect(channels(inStock).green).toBeGreaterThan(channels(inStock).red)
    const found = [...FOUND_STATUSES].map((status) => fillOf.get(status)).filter((argb) => argb !== undefined)
    expect(new Set(found).size, 'found statuses each have their own fill').toBe(found.length)

    await test.step('"Rows shown" of the Matrix is the preset\'s rows in the screen\'s sort order', async () => {
      await page.setViewportSize({ width: 1800, height: 2000 })
      await presetChip(page, 'Out of stock').click()
      const shown = await gridRowCount(page)
      expect(shown).toBeLessThan(lines.length)
      await resultsGrid(page).getByRole('columnheader', { name: 'Store 2001', exact: true }).click()
      await expect(resultsGrid(page).getByRole('columnheader', { name: 'Store 2001', exact: true })).toHaveAttribute('aria-sort', /ending/)
      const screenLines = await renderedColumn(page, 'Line')
      expect(screenLines, 'every row of the preset is drawn to compare').toHaveLength(shown)
      const saved = await exportVia(page, 'Matrix', 'CSV', 'Rows shown')
      expect(saved.rows).toBe(shown)
      const [head, ...rows] = parseCsv((await readFile(saved.path, 'utf8')).replace(/^\uFEFF/, ''))
      expect(rows.map((row) => row[head?.indexOf('Line') ?? -1])).toEqual(screenLines)
      await presetChip(page, 'Out of stock').click()
    })

    await test.step('the Stores view exports as shown: a row per store, its counts and rate', async () => {
      await tab(page, 'Stores').click()
      await expect.poll(() => gridRowCount(page)).toBe(STORES.length)
      const columns = ['Store', 'Progress', 'Values found', 'Out of stock', 'Shelf empty, backroom has stock', 'Low stock', 'Not found', 'Failed', 'In-stock rate']
      const screen = await Promise.all(columns.map((column) => renderedColumn(page, column)))
      const saved = await exportVia(page, 'Stores', 'CSV', 'All rows')
      const [head, ...rows] = parseCsv((await readFile(saved.path, 'utf8')).replace(/^\uFEFF/, ''))
      expect(head).toEqual(columns)
      expect(rows).toHaveLength(STORES.length)
      rows.forEach((row, index) => {
        columns.forEach((column, at) => {
          const text = screen[at]?.[index] ?? ''
          // The file holds the rate as a number a spreadsheet can average; the screen adds " %".
          expect(row[at], `${column} of store ${row[0]}`).toBe(column === 'In-stock rate' ? text.replace(/ %$/, '').replace(/,/g, '') : text)
        })
      })
    })

    await test.step('the low-stock level changes the Stores view\'s counts and the Matrix\'s words', async () => {
      const level = page.getByRole('textbox', { name: 'Low stock at or under' })
      await level.fill('40')
      const atForty = new Map(STORES.map((store) => [store, expectedItems(results.filter((result) => result.storeNbr === store), 40)]))
      await expect
        .poll(() => renderedColumn(page, 'Low stock'))
        .toEqual(STORES.map((store) => String(atForty.get(store)?.filter((item) => item.status === 'Low stock').length)))
      expect(await renderedColumn(page, 'Out of stock')).toEqual(
        STORES.map((store) => String(atForty.get(store)?.filter((item) => item.status === 'Out of stock').length))
      )
      await tab(page, 'Matrix').click()
      const shownLines = (await renderedColumn(page, 'Line')).map(Number)
      const item = (store: number, line: number) => atForty.get(store)?.find((candidate) => candidate.line === line)
      expect(await renderedColumn(page, 'Store 1235')).toEqual(shownLines.map((line) => matrixText(item(1235, line))))
      expect(await renderedColumn(page, 'Store 1235')).toContainEqual(expect.stringMatching(/ Low$/))
    })

    await test.step('a store\'s column filters the Matrix by On hand in that store', async () => {
      await page.getByRole('button', { name: /^Column filters/ }).click()
      await page.getByRole('textbox', { name: 'Filter Store 4100' }).fill('0')
      const out = lines.filter((line) => byStore.get(4100)?.get(line)?.onHand === 0)
      expect(out.length, 'store 4100 has items with nothing on hand').toBeGreaterThan(0)
      await expect.poll(() => gridRowCount(page)).toBe(out.length)
      // Still sorted by Store 2001 from the step before: the same lines, in that order.
      expect((await renderedColumn(page, 'Line')).map(Number).sort((a, b) => a - b)).toEqual(out)
    })
  })
})

test.describe('a many-store lookup cancelled part way', () => {
  // Four searches a minute: the first store's three go through, then the server holds the rest.
  test.use({ demoFaults: { rateLimitPerWindow: 4, rateWindowMs: 60_000 } })

  test('stores finish in turn; Cancel leaves the finished stores done and the rest not finished, in the Stores view and the Matrix', async ({ page, harness }) => {
    test.setTimeout(120_000)
    await page.getByRole('textbox', { name: 'Values to look up' }).fill(lookupValues().join('\n'))
    await page.getByRole('textbox', { name: 'Stores' }).fill(STORES.join(', '))
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(page.getByText(/Stores done [1-4] of 5/)).toBeVisible({ timeout: 60_000 })
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden({ timeout: 30_000 })
    const done = Number(/Stores done (\d) of 5/.exec((await page.getByText(/Stores done \d of 5/).textContent()) ?? '')?.[1])
    expect(done).toBeGreaterThanOrEqual(1)
    expect(done).toBeLessThan(5)

    const results = await lineResults(harness)
    const byStore = itemsByStore(results)
    const cancelled = (store: number) => [...(byStore.get(store)?.values() ?? [])].filter((item) => item.status === 'Cancelled').length
    // Stores finish in turn: the done ones are the first in the list, every later one has cancelled values.
    expect(STORES.map((store) => cancelled(store) === 0)).toEqual(STORES.map((_store, index) => index < done))

    await tab(page, 'Stores').click()
    await expect.poll(() => gridRowCount(page)).toBe(STORES.length)
    expect(await renderedColumn(page, 'Progress')).toEqual(STORES.map((_store, index) => (index < done ? 'Done' : 'Not finished')))
    const found = (store: number) => [...(byStore.get(store)?.values() ?? [])].filter((item) => FOUND_STATUSES.has(item.status))
    expect(await renderedColumn(page, 'Values found')).toEqual(STORES.map((store) => String(found(store).length)))
    expect(await renderedColumn(page, 'In-stock rate')).toEqual(
      STORES.map((store) => rateText(found(store).length, found(store).filter((item) => (item.onHand ?? 0) > 0).length))
    )

    await tab(page, 'Matrix').click()
    const lines = lookedUpLines(byStore)
    await expect.poll(() => gridRowCount(page)).toBe(lines.length)
    const shownLines = (await renderedColumn(page, 'Line')).map(Number)
    const last = STORES.at(-1) as number
    expect(await renderedColumn(page, `Store ${last}`)).toEqual(shownLines.map((line) => matrixText(byStore.get(last)?.get(line))))
    expect(await renderedColumn(page, `Store ${last}`)).toContain('Cancelled')
  })
})

test.describe('a many-store lookup of an imported file', () => {
  test('the Matrix keeps the file\'s own columns, quick search finds a row by them, and Enter on a store\'s cell opens that store\'s answer', async ({ page, harness }) => {
    test.setTimeout(120_000)
    const gtins = lookupValues().slice(1, 31)
    const descriptions = gtins.map((_gtin, index) => `Product ${String.fromCharCode(65 + (index % 26))}${index}`)
    const csv = ['GTIN,Description', ...gtins.map((gtin, index) => `${gtin},${descriptions[index] ?? ''}`)].join('\n')
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Import file' }).click()
    await (await chooser).setFiles({ name: 'promotion.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('button', { name: 'Use this column' }).click()
    await expect(page.getByText(/^Imported 30 values from promotion\.csv/)).toBeVisible()
    await page.getByRole('textbox', { name: 'Stores' }).fill('2001, 3050, 4100')
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(page.getByText(/Stores done 3 of 3/)).toBeVisible({ timeout: 60_000 })
    const results = await lineResults(harness)

    await tab(page, 'Matrix').click()
    const grid = resultsGrid(page)
    const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '')
    expect(headers).toEqual(['Line', 'Input', 'GTIN', 'Walmart item number', 'Description', 'Store 2001', 'Store 3050', 'Store 4100', 'In-stock rate'])
    const lines = (await renderedColumn(page, 'Line')).map(Number)
    // Line N is the file's row N: the description came with the value.
    expect(await renderedColumn(page, 'Description')).toEqual(lines.map((line) => descriptions[line - 2]))

    const wanted = descriptions[7] as string
    await page.getByRole('searchbox', { name: 'Quick search' }).fill(wanted)
    await expect.poll(() => gridRowCount(page)).toBe(1)
    expect(await renderedColumn(page, 'Description')).toEqual([wanted])

    const row = grid.getByRole('row').nth(1)
    const column = Number(await grid.getByRole('columnheader', { name: 'Store 3050', exact: true }).getAttribute('aria-colindex'))
    await row.getByRole('gridcell').nth(column - 2).click()
    await expect(page.getByRole('complementary', { name: 'Item details' })).toBeVisible()
    await expect(page.getByText(/Store 2001 · Line 9$/)).toBeVisible()
    // The keyboard moves to the next store's cell and Enter opens that store's answer.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    await expect(page.getByText(/Store 3050 · Line 9$/)).toBeVisible()
    const answer = results.find((result) => result.storeNbr === 3050 && result.line === 9)
    const details = page.getByRole('complementary', { name: 'Item details' })
    if (answer?.item === undefined || answer.item === null) await expect(details).toContainText('The server returned no item for this line.')
    else await expect(details.getByRole('table').getByRole('row')).toHaveCount(answer.item.inventory_locations.length + 1)
  })
})
