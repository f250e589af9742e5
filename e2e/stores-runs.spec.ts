import { expect, test } from './fixtures'
import { expectedItems, gridRowCount, lineResults, lookupValues, renderedColumn, resultsGrid } from './results-support'
import { FOUND_STATUSES, itemsByStore, lookedUpLines, matrixText, rateText, STORES, tab } from './stores-support'

test.describe('a many-store lookup cancelled part way', () => {
  // Four searches a minute: the first store's three go through, then the server holds the rest.
  test.use({ demoFaults: { rateLimitPerWindow: 4, rateWindowMs: 60_000 } })

  test('stores finish in turn; Cancel leaves the finished stores done and the rest not finished, in the Stores view and the Matrix', async ({
    page,
    harness
  }) => {
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
  test("the Matrix keeps the file's own columns, quick search finds a row by them, and Enter on a store's cell opens that store's answer", async ({
    page,
    harness
  }) => {
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
    // The item's name first, kept in view beside the stores.
    expect(headers).toEqual([
      'Item name',
      'Line',
      'Input',
      'GTIN',
      'Walmart item number',
      'Store 2001',
      'Store 3050',
      'Store 4100',
      'In-stock rate'
    ])
    const lines = (await renderedColumn(page, 'Line')).map(Number)
    // Line N is the file's row N: the description came with the value, as its Item name.
    expect(await renderedColumn(page, 'Item name')).toEqual(lines.map((line) => descriptions[line - 2]))

    const wanted = descriptions[7] as string
    await page.getByRole('searchbox', { name: 'Quick search' }).fill(wanted)
    await expect.poll(() => gridRowCount(page)).toBe(1)
    expect(await renderedColumn(page, 'Item name')).toEqual([wanted])

    const row = grid.getByRole('row').nth(1)
    const column = Number(await grid.getByRole('columnheader', { name: 'Store 3050', exact: true }).getAttribute('aria-colindex'))
    await row
      .getByRole('gridcell')
      .nth(column - 2)
      .click()
    await expect(page.getByRole('complementary', { name: 'Item details' })).toBeVisible()
    await expect(page.getByText(/Store 2001 · Line 9$/)).toBeVisible()
    // The keyboard moves to the next store's cell and Enter opens that store's answer.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    await expect(page.getByText(/Store 3050 · Line 9$/)).toBeVisible()
    const answer = results.find((result) => result.storeNbr === 3050 && result.line === 9)
    const details = page.getByRole('complementary', { name: 'Item details' })
    if (answer?.item === undefined || answer.item === null)
      await expect(details).toContainText('The server returned no item for this line.')
    else await expect(details.getByRole('table').getByRole('row')).toHaveCount(answer.item.inventory_locations.length + 1)
  })
})

test.describe('a many-store lookup whose searches fail', () => {
  test("the Stores view counts each store's failures, and Retry failed looks them up again in every store", async ({ page, harness }) => {
    test.setTimeout(120_000)
    await harness.setDemoFaults({ serverErrorRate: 1 })
    const values = lookupValues().slice(0, 40)
    await page.getByRole('textbox', { name: 'Values to look up' }).fill(values.join('\n'))
    await page.getByRole('textbox', { name: 'Stores' }).fill('1234, 2001, 4100')
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(page.getByRole('button', { name: 'Retry failed' })).toBeVisible({ timeout: 60_000 })

    const failed = await lineResults(harness)
    const perStore = (store: number) => failed.filter((result) => result.storeNbr === store && result.status === 'failed').length
    expect(perStore(1234), 'every value looked up failed').toBeGreaterThan(30)
    await tab(page, 'Stores').click()
    await expect
      .poll(() => renderedColumn(page, 'Failed'))
      .toEqual(['1234', '2001', '4100'].map((store) => String(perStore(Number(store)))))
    expect(await renderedColumn(page, 'Values found')).toEqual(['0', '0', '0'])
    expect(await renderedColumn(page, 'In-stock rate')).toEqual(['', '', ''])
    await tab(page, 'Matrix').click()
    expect(new Set(await renderedColumn(page, 'Store 2001'))).toEqual(new Set(['Failed']))

    await harness.setDemoFaults({ serverErrorRate: 0 })
    await page.getByRole('button', { name: 'Retry failed' }).click()
    await expect(page.getByRole('button', { name: 'Retry failed' })).toBeHidden({ timeout: 60_000 })
    await expect(page.getByText(/Stores done 3 of 3/)).toBeVisible()
    const results = await lineResults(harness)
    expect(results.filter((result) => result.status === 'failed')).toEqual([])
    const byStore = new Map(
      [1234, 2001, 4100].map((store) => [
        store,
        new Map(expectedItems(results.filter((result) => result.storeNbr === store)).map((item) => [item.line, item]))
      ])
    )
    const shownLines = (await renderedColumn(page, 'Line')).map(Number)
    await expect.poll(() => renderedColumn(page, 'Store 2001')).toEqual(shownLines.map((line) => matrixText(byStore.get(2001)?.get(line))))
    await tab(page, 'Stores').click()
    expect(await renderedColumn(page, 'Failed')).toEqual(['0', '0', '0'])
    expect(await renderedColumn(page, 'Progress')).toEqual(['Done', 'Done', 'Done'])
  })
})

test.describe('a many-store lookup kept in History', () => {
  test("Demo's sample values fill the sample stores; the lookup is one in History and opens again with its Stores view and Matrix", async ({
    page,
    harness
  }) => {
    test.setTimeout(120_000)
    await page.getByRole('button', { name: 'use sample values' }).click()
    await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveValue('1234, 1235, 2001, 3050, 4100')
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(page.getByText(/Stores done 5 of 5/)).toBeVisible({ timeout: 60_000 })
    const results = await lineResults(harness)
    const byStore = itemsByStore(results)
    const lines = lookedUpLines(byStore)
    await tab(page, 'Stores').click()
    const rates = await renderedColumn(page, 'In-stock rate')

    // Another lookup takes the screen; the many-store one is a single lookup in History.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await page.getByRole('textbox', { name: 'Stores' }).fill('42')
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(tab(page, 'Matrix')).toBeHidden({ timeout: 60_000 })
    const stored = harness.root.services.history.list()
    expect(stored.map((lookup) => lookup.stores)).toEqual([[42], STORES])
    const manyStore = String(stored[1]?.id)

    await page.getByRole('button', { name: 'History', exact: true }).click()
    await page.getByRole('button', { name: `Open lookup ${manyStore}`, exact: true }).click()
    await tab(page, 'Stores').click()
    await expect.poll(() => renderedColumn(page, 'In-stock rate')).toEqual(rates)
    expect(await renderedColumn(page, 'Progress')).toEqual(STORES.map(() => 'Done'))
    await tab(page, 'Matrix').click()
    await expect.poll(() => gridRowCount(page)).toBe(lines.length)
    for (const store of STORES) {
      expect(await renderedColumn(page, `Store ${store}`), `Store ${store}`).toEqual(
        lines.map((line) => matrixText(byStore.get(store)?.get(line)))
      )
    }
  })
})
