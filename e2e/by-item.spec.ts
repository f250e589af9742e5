import { readFile } from 'node:fs/promises'
import { attachScreenshot, expect, test } from './fixtures'
import { gridRowCount, lookupValues, parseCsv, presetChip, renderedColumn, resultsGrid } from './results-support'
import type { ExpectedItem } from './results-support'
import { exportVia, FOUND_STATUSES, itemsByStore, lookedUpLines, runManyStoreLookup, STORES, tab } from './stores-support'
import { expectNoSeriousAxeViolations } from './workspace-support'

const OUT = 'Out of stock'
const SHELF_EMPTY = 'Shelf empty, backroom has stock'

/** One row of By item, worked out here from the Items of each store (not with the app's code). */
interface ExpectedByItem {
  outOfStockIn: string
  shelfEmptyIn: string
  storesConcerned: string
  lowest: string
  total: string
  notFoundIn: string
}

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 })

function expectedByItem(byStore: Map<number, Map<number, ExpectedItem>>, line: number): ExpectedByItem {
  const answers = STORES.map((store) => ({ store, item: byStore.get(store)?.get(line) }))
  const found = answers.filter(({ item }) => item !== undefined && FOUND_STATUSES.has(item.status))
  const out = found.filter(({ item }) => item?.status === OUT).map(({ store }) => store)
  const shelf = found.filter(({ item }) => item?.status === SHELF_EMPTY).map(({ store }) => store)
  const onHand = found.map(({ item }) => item?.onHand ?? 0)
  return {
    outOfStockIn: found.length === 0 ? '' : `${out.length} of ${found.length} ${found.length === 1 ? 'store' : 'stores'}`,
    shelfEmptyIn: found.length === 0 ? '' : String(shelf.length),
    storesConcerned: [...out.map((store) => `${store} Out`), ...shelf.map((store) => `${store} Shelf empty`)].join(''),
    lowest: found.length === 0 ? '' : number(Math.min(...onHand)),
    total: found.length === 0 ? '' : number(Math.round(onHand.reduce((sum, value) => sum + value, 0) * 1e6) / 1e6),
    notFoundIn: String(answers.filter(({ item }) => item?.status === 'Not found').length)
  }
}

const COLUMNS: Readonly<Record<keyof ExpectedByItem, string>> = {
  outOfStockIn: 'Out of stock in',
  shelfEmptyIn: 'Shelf empty in',
  storesConcerned: 'Stores concerned',
  lowest: 'Lowest On hand',
  total: 'Total On hand',
  notFoundIn: 'Not found in'
}

test.describe('By item', () => {
  test("one row per item across the stores, its stores opening their answers, sorted, filtered, exported, with the view's own chips", async ({
    page,
    harness
  }, testInfo) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 1800, height: 1200 })
    const results = await runManyStoreLookup(page, harness, lookupValues().slice(0, 150))
    const byStore = itemsByStore(results)
    const lines = lookedUpLines(byStore)
    const expected = new Map(lines.map((line) => [line, expectedByItem(byStore, line)]))
    const grid = resultsGrid(page)

    await test.step('the figures of each item are those of its answers in Items', async () => {
      await tab(page, 'By item').click()
      await expect(tab(page, 'By item')).toHaveAttribute('aria-selected', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(lines.length)
      const shownLines = (await renderedColumn(page, 'Line')).map(Number)
      expect(shownLines.length, 'rows are drawn').toBeGreaterThan(10)
      expect(shownLines).toEqual(lines.slice(0, shownLines.length))
      for (const [key, name] of Object.entries(COLUMNS) as [keyof ExpectedByItem, string][]) {
        expect(await renderedColumn(page, name), name).toEqual(shownLines.map((line) => expected.get(line)?.[key]))
      }
      const outSomewhere = lines.filter((line) => /^[1-9]/.test(expected.get(line)?.outOfStockIn ?? ''))
      expect(outSomewhere.length, 'some items are out of stock in some stores and not in others').toBeGreaterThan(0)
      await attachScreenshot(page, testInfo, 'by item view')
      await expectNoSeriousAxeViolations(page)
    })

    await test.step("a store's button opens that store's answer for the item", async () => {
      const line = lines.find((candidate) => (expected.get(candidate)?.storesConcerned ?? '') !== '') as number
      const rowIndex = lines.indexOf(line)
      const store = STORES.find((one) => [OUT, SHELF_EMPTY].includes(byStore.get(one)?.get(line)?.status ?? '')) as number
      const word = byStore.get(store)?.get(line)?.status === OUT ? 'Out' : 'Shelf empty'
      const button = grid
        .getByRole('row')
        .nth(rowIndex + 1)
        .getByRole('button', { name: `Store ${store} ${word}`, exact: true })
      await button.click()
      const details = page.getByRole('complementary', { name: 'Item details' })
      await expect(details).toBeVisible()
      await expect(details.getByText(new RegExp(`Store ${store} · Line ${line}$`))).toBeVisible()
      const result = results.find((candidate) => candidate.storeNbr === store && candidate.line === line)
      const locations = result?.item?.inventory_locations ?? []
      await expect(details.getByRole('table').getByRole('row')).toHaveCount(locations.length + 1)
      await details.getByRole('button', { name: /Close/ }).click()
      await expect(details).toBeHidden()
    })

    await test.step('sorted by Total On hand, lowest first', async () => {
      await grid.getByRole('columnheader', { name: 'Total On hand', exact: true }).click()
      const totals = (await renderedColumn(page, 'Total On hand'))
        .filter((text) => text !== '')
        .map((text) => Number(text.replace(/,/g, '')))
      const sortedTotals = lines
        .map((line) => expected.get(line)?.total ?? '')
        .filter((text) => text !== '')
        .map((text) => Number(text.replace(/,/g, '')))
      const descending = [...sortedTotals].sort((a, b) => b - a)
      const ascending = [...sortedTotals].sort((a, b) => a - b)
      // A count sorts the largest first on its first click, as the other views' figures do.
      expect([descending.slice(0, totals.length), ascending.slice(0, totals.length)]).toContainEqual(totals)
      await grid.getByRole('columnheader', { name: 'Line', exact: true }).click()
      await expect.poll(async () => (await renderedColumn(page, 'Line')).map(Number).slice(0, 5)).toEqual(lines.slice(0, 5))
    })

    const outSomewhere = lines.filter((line) => /^[1-9]/.test(expected.get(line)?.outOfStockIn ?? ''))
    await test.step('"Out of stock somewhere" and the quick search narrow the items', async () => {
      const chip = presetChip(page, 'Out of stock somewhere')
      await chip.click()
      await expect(chip).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(outSomewhere.length)
      const gtinOf = (line: number) => byStore.get(STORES[0] as number)?.get(line)?.gtin ?? ''
      const gtin = gtinOf(outSomewhere[0] as number)
      await page.getByRole('searchbox').fill(gtin)
      await expect.poll(() => gridRowCount(page)).toBe(outSomewhere.filter((line) => gtinOf(line) === gtin).length)
      await page.getByRole('searchbox').fill('')
      await expect.poll(() => gridRowCount(page)).toBe(outSomewhere.length)
    })

    await test.step('the export holds the rows and columns shown, in the same words', async () => {
      const saved = await exportVia(page, 'By item', 'CSV', 'Rows shown')
      expect(saved.rows).toBe(outSomewhere.length)
      const [head = [], ...rows] = parseCsv((await readFile(saved.path)).subarray(3).toString('utf8'))
      const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '')
      expect(head).toEqual(headers)
      expect(rows.map((row) => Number(row[head.indexOf('Line')]))).toEqual(outSomewhere)
      rows.forEach((row) => {
        const want = expected.get(Number(row[head.indexOf('Line')])) as ExpectedByItem
        expect(row[head.indexOf('Out of stock in')]).toBe(want.outOfStockIn)
        expect(row[head.indexOf('Shelf empty in')]).toBe(want.shelfEmptyIn)
        expect((row[head.indexOf('Stores concerned')] ?? '').replace(/, /g, '')).toBe(want.storesConcerned)
        expect(Number(row[head.indexOf('Total On hand')])).toBe(Number(want.total.replace(/,/g, '')))
      })
    })

    await test.step('a chip belongs to its view: Items and the Matrix show every row, and By item keeps its own', async () => {
      await tab(page, 'Items').click()
      await expect.poll(() => gridRowCount(page)).toBe(results.length)
      await expect(presetChip(page, 'Out of stock')).toHaveAttribute('aria-pressed', 'false')
      await tab(page, 'Matrix').click()
      await expect.poll(() => gridRowCount(page)).toBe(lines.length)
      await expect(presetChip(page, 'Out of stock')).toHaveAttribute('aria-pressed', 'false')
      await tab(page, 'By item').click()
      await expect(presetChip(page, 'Out of stock somewhere')).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(outSomewhere.length)
      await expectNoSeriousAxeViolations(page)
    })
  })
})
