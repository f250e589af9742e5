import { attachScreenshot, expect, test } from './fixtures'
import { chipCount, gridRowCount, lookupValues, presetChip, renderedColumn, resultsGrid } from './results-support'
import { FOUND_STATUSES, ICONS, itemsByStore, lookedUpLines, matrixText, rateText, runManyStoreLookup, STORES, tab } from './stores-support'
import { expectNoSeriousAxeViolations } from './workspace-support'

test.describe('a lookup of many stores', () => {
  test("Stores and Matrix views, a Matrix cell's details, the Out of stock preset, and Items and Locations with a Store column", async ({
    page,
    harness
  }, testInfo) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 1800, height: 1400 })
    const values = lookupValues()
    const results = await runManyStoreLookup(page, harness, values)
    const byStore = itemsByStore(results)
    const lines = lookedUpLines(byStore)
    expect(lines.length, 'the sample has values every store looks up').toBeGreaterThan(200)

    await test.step('Stores view: one row per store with its counts and in-stock rate', async () => {
      await tab(page, 'Stores').click()
      await expect(tab(page, 'Stores')).toHaveAttribute('aria-selected', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(STORES.length)
      expect(await renderedColumn(page, 'Store')).toEqual(STORES.map(String))
      const count = (store: number, status: string) =>
        [...(byStore.get(store)?.values() ?? [])].filter((item) => item.status === status).length
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
      expect(headers).toEqual(['Input', 'Line', 'GTIN', 'Walmart item number', ...STORES.map((store) => `Store ${store}`), 'In-stock rate'])
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
          const found = STORES.map((store) => byStore.get(store)?.get(line)).filter(
            (item) => item !== undefined && FOUND_STATUSES.has(item.status)
          )
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
                return (
                  mark.left < box.left || content.scrollWidth > content.clientWidth || content.getBoundingClientRect().right > box.right
                )
              })
              .map((cell) => cell.textContent),
          colIndex
        )
        expect(clipped, `cells of Store ${store} cut off`).toEqual([])
      }
      await attachScreenshot(page, testInfo, 'matrix view')
      await expectNoSeriousAxeViolations(page)
    })

    await test.step("a Matrix cell opens that item's locations in that store", async () => {
      const store = 2001
      const grid = resultsGrid(page)
      const line = lines.find((candidate) => (byStore.get(store)?.get(candidate)?.onHand ?? 0) > 0 && candidate > 1) ?? lines[0]
      const rowIndex = lines.indexOf(line as number)
      const colIndex = Number(await grid.getByRole('columnheader', { name: `Store ${store}`, exact: true }).getAttribute('aria-colindex'))
      const row = grid.getByRole('row').nth(rowIndex + 1)
      await row
        .getByRole('gridcell')
        .nth(colIndex - 1)
        .click()
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
      await row
        .getByRole('gridcell')
        .nth(otherCol - 1)
        .click()
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

    await test.step("a row of the Stores view opens that store's items", async () => {
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
        expect(onHand[index]).toBe(
          item?.onHand === null || item?.onHand === undefined ? '' : item.onHand.toLocaleString('en-US', { maximumFractionDigits: 2 })
        )
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
})
