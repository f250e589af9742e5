import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { attachScreenshot, expect, test } from './fixtures'
import {
  ITEM_HEADERS,
  chipCount,
  expectedItems,
  expectedRows,
  gridRowCount,
  lineResults,
  lookupValues,
  openColumnFilters,
  presetChip,
  renderedColumn,
  resultsGrid,
  runDemoLookup,
  viewTab
} from './results-support'
import { jobCounts } from './workspace-support'

async function readClipboard(page: Page): Promise<string> {
  return String(await page.evaluate('navigator.clipboard.readText()'))
}

const numberText = (value: number | null) => (value === null ? '' : String(value))

/** Whether keyboard focus is inside the results grid. */
function focusInGrid(page: Page): Promise<boolean> {
  return resultsGrid(page).evaluate((grid) => grid.contains(document.activeElement))
}

test.describe('results: Items and Locations views', () => {
  test('the Items view answers per line; presets, filters, sorting, details and the keyboard work on it', async ({
    page,
    harness,
    context
  }, testInfo) => {
    const values = lookupValues()
    await runDemoLookup(page, values)
    const results = await lineResults(harness)
    const items = expectedItems(results)
    expect(results).toHaveLength(values.length)

    await test.step('Items is the view after a run: one row per input line, with stock figures and status', async () => {
      await expect(viewTab(page, 'Items')).toHaveAttribute('aria-selected', 'true')
      expect(await gridRowCount(page)).toBe(values.length)
      const headers = await resultsGrid(page).getByRole('columnheader').allInnerTexts()
      expect(headers.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '')).toEqual(ITEM_HEADERS)
      const shown = items.slice(0, (await renderedColumn(page, 'Line')).length)
      expect(await renderedColumn(page, 'Stock status')).toEqual(shown.map((item) => item.status))
      expect(await renderedColumn(page, 'On shelf')).toEqual(shown.map((item) => numberText(item.onShelf)))
      expect(await renderedColumn(page, 'Backroom')).toEqual(shown.map((item) => numberText(item.backroom)))
      expect(await renderedColumn(page, 'On hand')).toEqual(shown.map((item) => numberText(item.onHand)))
      expect(await renderedColumn(page, 'On order')).toEqual(shown.map((item) => numberText(item.onOrder)))
      expect(await renderedColumn(page, 'In transit')).toEqual(shown.map((item) => numberText(item.inTransit)))
    })

    const count = (...statuses: string[]) => items.filter((item) => statuses.includes(item.status)).length
    await test.step('each preset chip shows its live count and filters the Items view; pressed chips add up', async () => {
      const presets: Array<[string, number]> = [
        ['Out of stock', count('Out of stock')],
        ['Shelf empty, backroom has stock', count('Shelf empty, backroom has stock')],
        ['Low stock', count('Low stock')],
        ['Not found', count('Not found')],
        ['Needs attention', count('Out of stock', 'Shelf empty, backroom has stock', 'Low stock', 'Failed')]
      ]
      for (const [name, lines] of presets) {
        const chip = presetChip(page, name)
        expect(await chipCount(chip), name).toBe(lines)
        await expect(chip).toHaveAttribute('aria-pressed', 'false')
      }
      expect(count('Shelf empty, backroom has stock'), 'the Demo API has shelf-empty items for store 1234').toBeGreaterThan(0)
      expect(count('Out of stock')).toBeGreaterThan(0)

      const shelfEmpty = presetChip(page, 'Shelf empty, backroom has stock')
      await shelfEmpty.click()
      await expect(shelfEmpty).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(count('Shelf empty, backroom has stock'))
      expect(new Set(await renderedColumn(page, 'Stock status'))).toEqual(new Set(['Shelf empty, backroom has stock']))
      expect((await renderedColumn(page, 'On shelf')).every((text) => text === '0')).toBe(true)

      await presetChip(page, 'Out of stock').click()
      await expect.poll(() => gridRowCount(page)).toBe(count('Shelf empty, backroom has stock', 'Out of stock'))
      await expect(
        page.getByText(`Showing ${count('Shelf empty, backroom has stock', 'Out of stock')} of ${values.length} items`)
      ).toBeVisible()
    })

    await test.step('chips, column filters and the quick search combine; a bare number filter means equal', async () => {
      await openColumnFilters(page)
      const backroomFilter = page.getByRole('textbox', { name: 'Filter Backroom' })
      await expect(backroomFilter).toHaveAttribute('placeholder', '0, >5, <=2, 2-5')
      await backroomFilter.fill('0')
      const outOfStockWithEmptyBackroom = items.filter(
        (item) => (item.status === 'Shelf empty, backroom has stock' || item.status === 'Out of stock') && item.backroom === 0
      ).length
      await expect.poll(() => gridRowCount(page)).toBe(outOfStockWithEmptyBackroom)
      await backroomFilter.fill('2-20')
      const inRange = items.filter(
        (item) =>
          (item.status === 'Shelf empty, backroom has stock' || item.status === 'Out of stock') &&
          item.backroom !== null &&
          item.backroom >= 2 &&
          item.backroom <= 20
      )
      await expect.poll(() => gridRowCount(page)).toBe(inRange.length)
      await backroomFilter.fill('')
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await expect.poll(() => gridRowCount(page)).toBe(values.length)
      await expect(presetChip(page, 'Out of stock')).toHaveAttribute('aria-pressed', 'false')

      await page.getByRole('textbox', { name: 'Filter On shelf' }).fill('0')
      const zeroOnShelf = items.filter((item) => item.onShelf === 0).length
      await expect.poll(() => gridRowCount(page)).toBe(zeroOnShelf)
      expect(
        (await renderedColumn(page, 'On shelf')).every((text) => text === '0'),
        '0 never matches 90 or 140'
      ).toBe(true)
      await page.getByRole('textbox', { name: 'Filter On shelf' }).fill('>100')
      await expect.poll(() => gridRowCount(page)).toBe(items.filter((item) => (item.onShelf ?? -1) > 100).length)
      await page.getByRole('textbox', { name: 'Filter On shelf' }).fill('')

      const target = items.find((item) => item.status === 'In stock') ?? items[0]
      const search = page.getByRole('searchbox', { name: 'Quick search' })
      await search.fill(target?.gtin ?? '')
      await expect.poll(() => gridRowCount(page)).toBe(items.filter((item) => item.gtin === target?.gtin).length)
      await presetChip(page, 'Out of stock').click()
      await expect.poll(() => gridRowCount(page)).toBe(0)
      await expect(page.getByText('No rows match the filters.')).toBeVisible()
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await expect(search).toHaveValue('')
      await expect.poll(() => gridRowCount(page)).toBe(values.length)
    })

    await test.step('every column sorts, numbers as numbers, both ways', async () => {
      const header = resultsGrid(page).getByRole('columnheader', { name: 'On hand' })
      await header.click()
      await expect(header).toHaveAttribute('aria-sort', 'descending')
      const descending = (await renderedColumn(page, 'On hand')).map(Number)
      const largest = Math.max(...items.map((item) => item.onHand ?? Number.NEGATIVE_INFINITY))
      expect(descending[0]).toBe(largest)
      expect(descending).toEqual([...descending].sort((a, b) => b - a))
      await header.click()
      await expect(header).toHaveAttribute('aria-sort', 'ascending')
      const ascending = (await renderedColumn(page, 'On hand')).map(Number)
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
      await header.click()
      await expect(header).not.toHaveAttribute('aria-sort', /./)

      const gtin = resultsGrid(page).getByRole('columnheader', { name: 'GTIN', exact: true })
      await gtin.click()
      const gtins = (await renderedColumn(page, 'GTIN')).filter((text) => text !== '')
      expect(gtins).toEqual([...gtins].sort())
      await gtin.click()
      await gtin.click()
    })

    await test.step('the low-stock level changes what is Low stock, and is kept', async () => {
      const level = page.getByRole('textbox', { name: 'Low stock at or under' })
      await expect(level).toHaveValue('3')
      await level.fill('12')
      const atTwelve = expectedItems(results, 12).filter((item) => item.status === 'Low stock').length
      await expect.poll(() => chipCount(presetChip(page, 'Low stock'))).toBe(atTwelve)
      await expect.poll(() => harness.root.services.settings.current().settings.lowStockLevel).toBe(12)
      await level.fill('-1')
      await expect(level).toHaveAttribute('aria-invalid', 'true')
      await level.fill('3')
      await expect.poll(() => chipCount(presetChip(page, 'Low stock'))).toBe(count('Low stock'))
    })

    await test.step('the detail panel shows the figures, every location with humane names, and the raw JSON', async () => {
      const rich = results.find(
        (result) =>
          result.status === 'found' &&
          (result.item?.inventory_locations ?? []).some((location) => location.state === 'on_order' || location.state === 'in_transit')
      )
      expect(rich).toBeDefined()
      const search = page.getByRole('searchbox', { name: 'Quick search' })
      await search.fill(rich?.item?.gtin ?? '')
      await expect.poll(() => gridRowCount(page)).toBeGreaterThan(0)
      await resultsGrid(page)
        .getByRole('gridcell', { name: rich?.item?.gtin ?? '' })
        .first()
        .click()
      const details = page.getByRole('complementary', { name: 'Item details' })
      await expect(details).toBeVisible()
      const item = items.find((candidate) => candidate.line === rich?.line)
      const figures = details.locator('dl').nth(1)
      await expect(figures.getByRole('term')).toHaveText(['On shelf', 'Backroom', 'On hand', 'On order', 'In transit', 'Unavailable'])
      await expect(figures.getByRole('definition').nth(2)).toHaveText(String(item?.onHand))
      const table = details.getByRole('table')
      await expect(table.getByRole('row')).toHaveCount((rich?.item?.inventory_locations.length ?? 0) + 1)
      await expect(table).toContainText(/On order|In transit/)
      await expect(table).not.toContainText(/on_order|in_transit/)
      const json = details.getByLabel('Raw item JSON')
      expect(JSON.parse((await json.textContent()) ?? '')).toEqual(rich?.item?.raw)
      await search.fill('')
    })

    await test.step('the Locations view keeps one row per location, with humane state names', async () => {
      const rows = expectedRows(results)
      await viewTab(page, 'Locations').click()
      await expect(viewTab(page, 'Locations')).toHaveAttribute('aria-selected', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(rows.length)
      await expect(page.getByText(`${rows.length} rows for ${values.length} items`)).toBeVisible()
      const states = await renderedColumn(page, 'State')
      expect(states.every((state) => !state.includes('_'))).toBe(true)
      const quantities = await renderedColumn(page, 'Quantity')
      expect(quantities).toEqual(rows.slice(0, quantities.length).map((row) => numberText(row.quantity)))
      await presetChip(page, 'Shelf empty, backroom has stock').click()
      const shelfEmptyLines = new Set(items.filter((item) => item.status === 'Shelf empty, backroom has stock').map((item) => item.line))
      await expect.poll(() => gridRowCount(page)).toBe(rows.filter((row) => shelfEmptyLines.has(row.line)).length)
      await presetChip(page, 'Shelf empty, backroom has stock').click()
      await viewTab(page, 'Items').click()
      await expect.poll(() => gridRowCount(page)).toBe(values.length)
    })

    await test.step('the grid is one Tab stop: arrows move inside, Tab leaves; Ctrl+A selects every row shown', async () => {
      await page.getByRole('button', { name: 'Close details' }).click()
      await page.getByRole('button', { name: /^Needs attention/ }).focus()
      await page.keyboard.press('Tab')
      await expect.poll(() => focusInGrid(page)).toBe(true)
      await page.keyboard.press('ArrowDown')
      // Line comes last but As of and the message.
      await page.keyboard.press('End')
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowLeft')
      const active = resultsGrid(page).locator('[role="gridcell"][aria-selected="true"]')
      await expect(active).toHaveText(String(items[0]?.line))
      await page.keyboard.press('ArrowDown')
      await expect(active).toHaveText(String(items[1]?.line))

      const ring = await active.evaluate((cell) => {
        const style = getComputedStyle(cell)
        return { width: Number.parseFloat(style.outlineWidth), offset: Number.parseFloat(style.outlineOffset), style: style.outlineStyle }
      })
      expect(ring.style).not.toBe('none')
      expect(ring.width).toBeGreaterThanOrEqual(2)
      expect(ring.offset, 'the focus ring is drawn inside the cell, so no neighbour hides it').toBeLessThanOrEqual(-ring.width)

      await page.keyboard.press('ControlOrMeta+a')
      await expect(page.getByText(`${values.length} items, ${values.length} selected`)).toBeVisible()
      await expect(resultsGrid(page).getByRole('checkbox', { name: 'Select All' })).toBeChecked()
      await resultsGrid(page).getByRole('checkbox', { name: 'Select All' }).uncheck()

      // From the header's checkbox, back down to the first row's Line cell, and Enter opens its details.
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('End')
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowLeft')
      await expect(active).toHaveText(String(items[0]?.line))
      await page.keyboard.press('Enter')
      await expect(page.getByRole('complementary', { name: 'Item details' })).toBeVisible()
      await active.focus()
      await page.keyboard.press('Tab')
      await expect.poll(() => focusInGrid(page)).toBe(false)
      await expect(page.getByRole('separator', { name: 'Resize item details' })).toBeFocused()
      await page.keyboard.press('Shift+Tab')
      await expect.poll(() => focusInGrid(page)).toBe(true)
      await page.keyboard.press('Shift+Tab')
      await expect.poll(() => focusInGrid(page)).toBe(false)
    })

    await test.step('Ctrl+F goes to the quick search and Ctrl+E opens the export', async () => {
      await resultsGrid(page).getByRole('gridcell').nth(3).click()
      await page.keyboard.press('ControlOrMeta+f')
      await expect(page.getByRole('searchbox', { name: 'Quick search' })).toBeFocused()
      await page.keyboard.press('ControlOrMeta+e')
      const dialog = page.getByRole('dialog', { name: 'Export Items' })
      await expect(dialog).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })

    await test.step("Ctrl+C copies the active cell, or the selected rows as TSV with the screen's labels", async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.origin })
      const grid = resultsGrid(page)
      // The row's first cell is its checkbox.
      const gtinCell = grid
        .getByRole('row')
        .nth(1)
        .getByRole('gridcell')
        .nth(1 + ITEM_HEADERS.indexOf('GTIN'))
      await gtinCell.click()
      const gtin = (await gtinCell.textContent()) ?? ''
      await page.keyboard.press('ControlOrMeta+c')
      await expect.poll(() => readClipboard(page)).toBe(gtin)
      await expect(page.getByText(/^Copied GTIN of line \d+\.$/)).toBeVisible()

      await grid.getByRole('row').nth(1).getByRole('checkbox').check()
      await grid.getByRole('row').nth(2).getByRole('checkbox').check()
      await grid.getByRole('row').nth(2).getByRole('gridcell').nth(2).click()
      await page.keyboard.press('ControlOrMeta+c')
      await expect(page.getByText('Copied 2 rows.')).toBeVisible()
      const lines = (await readClipboard(page)).split('\r\n').map((line) => line.split('\t'))
      expect(lines[0]).toEqual(ITEM_HEADERS)
      expect(lines.slice(1).map((cells) => Number(cells[ITEM_HEADERS.indexOf('Line')]))).toEqual([items[0]?.line, items[1]?.line])
      expect(lines[1]?.[0]).toBe(items[0]?.status)
    })

    await test.step('the results have no serious or critical accessibility violations, in light and dark', async () => {
      await presetChip(page, 'Low stock').hover()
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        const scan = await new AxeBuilder({ page }).analyze()
        const serious = scan.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        expect(
          serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
          `${colorScheme} scheme`
        ).toEqual([])
        await attachScreenshot(page, testInfo, `results screen (${colorScheme})`)
      }
    })
  })

  test('the progress card and the results count the same lines during a run and a retry', async ({ page, harness }) => {
    test.setTimeout(120_000)
    await harness.setDemoFaults({ serverErrorRate: 1 })
    const values = lookupValues().slice(0, 120)
    await page.getByRole('textbox', { name: 'Values to look up' }).fill(values.join('\n'))
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect.poll(async () => (await jobCounts(page)).Failed, { timeout: 60_000 }).toBeGreaterThan(100)
    await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached({ timeout: 60_000 })

    /** The card's counts and the chips', read in one go so they are from the same frame. */
    const snapshot = () =>
      page.evaluate(() => {
        const card = document.querySelector('[aria-labelledby="job-progress-heading"]')
        const counts: Record<string, number> = {}
        for (const row of card?.querySelectorAll('dl > div') ?? []) {
          counts[row.querySelector('dt')?.textContent ?? ''] = Number((row.querySelector('dd')?.textContent ?? '').replace(/\D/g, ''))
        }
        const chip = (name: string) =>
          Number(
            [...document.querySelectorAll('[role="group"][aria-label="Presets"] button')]
              .find((button) => button.textContent?.startsWith(`${name} `))
              ?.textContent?.replace(/^\D+/, '')
              .replace(/\D/g, '') ?? 'NaN'
          )
        return { counts, notFound: chip('Not found'), attention: chip('Needs attention') }
      })

    const settled = await snapshot()
    expect(settled.counts.Failed).toBe(settled.attention)
    await harness.setDemoFaults({ serverErrorRate: 0, latencyMs: 1000 })
    await page.getByRole('button', { name: 'Retry failed' }).click()
    const samples: Awaited<ReturnType<typeof snapshot>>[] = []
    await expect
      .poll(
        async () => {
          const sample = await snapshot()
          samples.push(sample)
          return sample.counts.Failed === 0 && (sample.counts.Pending ?? 0) === 0
        },
        { timeout: 60_000, intervals: [50] }
      )
      .toBe(true)
    expect(
      samples.some((sample) => (sample.counts.Pending ?? 0) > 0),
      'the retry was sampled while it ran'
    ).toBe(true)
    for (const sample of samples) {
      expect(sample.counts['Not found'], JSON.stringify(sample)).toBe(sample.notFound)
      const total = Object.values(sample.counts).reduce((sum, value) => sum + value, 0)
      expect(total, JSON.stringify(sample)).toBe(values.length)
    }
    const results = await lineResults(harness)
    const found = results.filter((result) => result.status === 'found').length
    expect((await jobCounts(page)).Found).toBe(found)
    await expect(page.getByText(`${values.length} items`, { exact: true })).toBeVisible()
    const lines = (await renderedColumn(page, 'Line')).map(Number)
    expect(lines).toEqual([...lines].sort((a, b) => a - b))
  })
})
