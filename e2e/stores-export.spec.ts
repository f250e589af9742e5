import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { expect, test } from './fixtures'
import { expectedItems, gridRowCount, lookupValues, parseCsv, presetChip, renderedColumn, resultsGrid } from './results-support'
import { exportVia, FOUND_STATUSES, itemsByStore, lookedUpLines, matrixText, runManyStoreLookup, STORES, tab } from './stores-support'

test.describe('a lookup of many stores, exported', () => {
  test("the Matrix exported to XLSX: every cell and its fill, in the screen's rows and columns", async ({ page, harness }) => {
    test.setTimeout(180_000)
    const values = lookupValues().slice(0, 120)
    const results = await runManyStoreLookup(page, harness, values)
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
    expect(header).toEqual(['Input', 'Line', 'GTIN', 'Walmart item number', ...STORES.map((store) => `Store ${store}`), 'In-stock rate'])
    expect((sheet?.rowCount ?? 0) - 1).toBe(lines.length)

    const fillOf = new Map<string, string>()
    lines.forEach((line, index) => {
      const row = sheet?.getRow(index + 2)
      const named =
        STORES.map((store) => byStore.get(store)?.get(line)).find((item) => item !== undefined && FOUND_STATUSES.has(item.status)) ??
        byStore.get(STORES[0] as number)?.get(line)
      const result = results.find((candidate) => candidate.line === line)
      expect(row?.getCell(1).value, `Input of row ${index + 2}`).toBe(result?.input)
      expect(row?.getCell(2).value, `Line of row ${index + 2}`).toBe(line)
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
      const rate = row?.getCell(5 + STORES.length)
      expect(rate?.value ?? null, `In-stock rate of line ${line}`).toBe(found === 0 ? null : Math.round((withStock / found) * 1000) / 10)
      // A number a spreadsheet can average, shown with " %" after it as on the screen.
      if (found > 0) expect(rate?.numFmt, `In-stock rate format of line ${line}`).toBe('General" %"')
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
      const [head, ...rows] = parseCsv(await readFile(saved.path, 'utf8'))
      expect(rows.map((row) => row[head?.indexOf('Line') ?? -1])).toEqual(screenLines)
      await presetChip(page, 'Out of stock').click()
    })

    await test.step('the Stores view exports as shown: a row per store, its counts and rate', async () => {
      await tab(page, 'Stores').click()
      await expect.poll(() => gridRowCount(page)).toBe(STORES.length)
      const columns = [
        'Store',
        'Progress',
        'Values found',
        'Out of stock',
        'Shelf empty, backroom has stock',
        'Low stock',
        'Not found',
        'Failed',
        'In-stock rate'
      ]
      const screen = await Promise.all(columns.map((column) => renderedColumn(page, column)))
      const saved = await exportVia(page, 'Stores', 'CSV', 'All rows')
      const [head, ...rows] = parseCsv(await readFile(saved.path, 'utf8'))
      expect(head).toEqual(columns)
      expect(rows).toHaveLength(STORES.length)
      rows.forEach((row, index) => {
        columns.forEach((column, at) => {
          const text = screen[at]?.[index] ?? ''
          // The file holds the rate as a number a spreadsheet can average; the screen adds " %".
          expect(row[at], `${column} of store ${row[0]}`).toBe(
            column === 'In-stock rate' ? text.replace(/ %$/, '').replace(/,/g, '') : text
          )
        })
      })
    })

    await test.step('the Items view exports with its Store column: a row per store and line, a Locations sheet beside it', async () => {
      await tab(page, 'Items').click()
      const saved = await exportVia(page, 'Items', 'Excel (XLSX)', 'All rows')
      expect(saved.rows).toBe(results.length)
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(saved.path)
      const items = book.getWorksheet('Items')
      const head = ((items?.getRow(1).values ?? []) as unknown[]).slice(1)
      expect(head.slice(0, 4)).toEqual(['Stock status', 'Store', 'Input', 'On shelf'])
      expect((items?.rowCount ?? 0) - 1).toBe(results.length)
      const onHandAt = head.indexOf('On hand') + 1
      const lineAt = head.indexOf('Line') + 1
      const seen = new Set<string>()
      for (let index = 2; index <= (items?.rowCount ?? 1); index += 1) {
        const row = items?.getRow(index)
        const store = Number(row?.getCell(2).value)
        const line = Number(row?.getCell(lineAt).value)
        seen.add(`${store}:${line}`)
        const item = byStore.get(store)?.get(line)
        expect(row?.getCell(1).value, `status of store ${store} line ${line}`).toBe(item?.status)
        expect(row?.getCell(onHandAt).value ?? null, `On hand of store ${store} line ${line}`).toBe(item?.onHand ?? null)
      }
      expect(seen.size, 'each store and line once').toBe(results.length)
      const locations = book.getWorksheet('Locations')
      expect(((locations?.getRow(1).values ?? []) as unknown[]).slice(1, 4)).toEqual(['Stock status', 'Store', 'Line'])
    })

    await test.step("the low-stock level changes the Stores view's counts and the Matrix's words", async () => {
      await tab(page, 'Stores').click()
      const level = page.getByRole('textbox', { name: 'Low stock at or under' })
      await level.fill('40')
      const atForty = new Map(
        STORES.map((store) => [
          store,
          expectedItems(
            results.filter((result) => result.storeNbr === store),
            40
          )
        ])
      )
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

    await test.step("a store's column filters the Matrix by On hand in that store", async () => {
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
