import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { attachScreenshot, expect, test } from './fixtures'
import {
  EXPECTED_DUPLICATES,
  EXPECTED_INVALID,
  expectedRows,
  gridRowCount,
  lineResults,
  lookupValues,
  renderedColumn,
  resultsGrid,
  runDemoLookup
} from './results-support'

async function readClipboard(page: Page): Promise<string> {
  return String(await page.evaluate('navigator.clipboard.readText()'))
}

const STATUS_NAMES = {
  found: 'Found',
  not_found: 'Not found',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
  failed: 'Failed',
  cancelled: 'Cancelled'
} as const

test.describe('results grid', () => {
  test('sorts, filters, searches, navigates by keyboard, shows details and copies', async ({ page, harness, context }, testInfo) => {
    const values = lookupValues()
    await runDemoLookup(page, values)
    const results = lineResults(harness)
    const rows = expectedRows(results)
    expect(results).toHaveLength(values.length)
    expect(await gridRowCount(page)).toBe(rows.length)
    await expect(page.getByRole('heading', { name: /Results · Demo · Store \d+ ·/ })).toBeVisible()

    await test.step('status chips count lines per status and filter the grid', async () => {
      const chips = page.getByRole('group', { name: 'Show statuses' })
      for (const [status, name] of Object.entries(STATUS_NAMES)) {
        const lines = results.filter((result) => result.status === status).length
        await expect(chips.getByRole('button', { name: `${name} ${lines.toLocaleString('en-US')}`, exact: true })).toHaveAttribute(
          'aria-pressed',
          'false'
        )
      }
      await expect(chips.getByRole('button', { name: `Duplicate ${EXPECTED_DUPLICATES}` })).toBeVisible()
      await expect(chips.getByRole('button', { name: `Invalid ${EXPECTED_INVALID}` })).toBeVisible()

      const invalid = chips.getByRole('button', { name: /^Invalid / })
      await invalid.click()
      await expect(invalid).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(() => gridRowCount(page)).toBe(EXPECTED_INVALID)
      expect(new Set(await renderedColumn(page, 'Status'))).toEqual(new Set(['Invalid']))

      const notFound = chips.getByRole('button', { name: /^Not found / })
      await notFound.click()
      const either = rows.filter((row) => row.status === 'invalid' || row.status === 'not_found').length
      await expect.poll(() => gridRowCount(page)).toBe(either)
      await invalid.click()
      await notFound.click()
      await expect.poll(() => gridRowCount(page)).toBe(rows.length)
    })

    await test.step('clicking a header sorts by that column, both ways', async () => {
      const header = resultsGrid(page).getByRole('columnheader', { name: 'GTIN', exact: true })
      await header.click()
      await expect(header).toHaveAttribute('aria-sort', 'ascending')
      const ascending = (await renderedColumn(page, 'GTIN')).filter((gtin) => gtin !== '')
      expect(ascending.length).toBeGreaterThan(5)
      expect(ascending).toEqual([...ascending].sort())
      const smallest = rows.map((row) => row.gtin).filter((gtin) => /^\d+$/.test(gtin)).sort()[0]
      expect(ascending[0]).toBe(smallest)

      await header.click()
      await expect(header).toHaveAttribute('aria-sort', 'descending')
      const descending = await renderedColumn(page, 'GTIN')
      expect(descending).toEqual([...descending].sort().reverse())

      const quantity = resultsGrid(page).getByRole('columnheader', { name: 'Quantity', exact: true })
      await quantity.focus()
      await page.keyboard.press('Enter')
      await expect(quantity).toHaveAttribute('aria-sort', 'descending')
      const quantities = (await renderedColumn(page, 'Quantity')).map(Number)
      expect(quantities[0]).toBe(Math.max(...rows.map((row) => row.quantity ?? Number.NEGATIVE_INFINITY)))
      expect(quantities).toEqual([...quantities].sort((a, b) => b - a))
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await expect(quantity).not.toHaveAttribute('aria-sort', /./)
    })

    await test.step('column filters and the quick search narrow the rows', async () => {
      const backroom = rows.filter((row) => row.locationArea.toLowerCase().includes('backroom')).length
      expect(backroom).toBeGreaterThan(0)
      await page.getByRole('textbox', { name: 'Filter Location area' }).fill('BACKROOM')
      await expect.poll(() => gridRowCount(page)).toBe(backroom)
      await expect(page.getByText(`Showing ${backroom.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} rows`)).toBeVisible()

      const plenty = rows.filter((row) => row.locationArea.toLowerCase().includes('backroom') && (row.quantity ?? -1) > 10).length
      await page.getByRole('textbox', { name: 'Filter Quantity' }).fill('>10')
      await expect.poll(() => gridRowCount(page)).toBe(plenty)
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await expect.poll(() => gridRowCount(page)).toBe(rows.length)
      await expect(page.getByRole('textbox', { name: 'Filter Location area' })).toHaveValue('')

      const target = results.find(
        (result) => result.status === 'found' && results.filter((other) => other.value === result.value).length === 1
      )
      const gtin = target?.item?.gtin ?? ''
      expect(gtin).toMatch(/^\d{14}$/)
      const search = page.getByRole('searchbox', { name: 'Quick search' })
      await search.fill(gtin)
      await expect.poll(() => gridRowCount(page)).toBe(rows.filter((row) => row.line === target?.line).length)
      expect(new Set(await renderedColumn(page, 'GTIN'))).toEqual(new Set([gtin]))
      await search.fill('')
      await expect.poll(() => gridRowCount(page)).toBe(rows.length)
    })

    await test.step('the keyboard moves into the grid and through its cells; the detail panel follows', async () => {
      await page.getByRole('textbox', { name: 'Filter Message' }).focus()
      await page.keyboard.press('Tab')
      const grid = resultsGrid(page)
      await expect(grid.locator(':focus')).toHaveCount(1)
      // Wherever the grid's active position was left, Home goes to the first cell of its row.
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Home')
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      const details = page.getByRole('complementary', { name: 'Item details' })
      const first = rows[0]
      await expect(details.getByRole('definition').first()).toHaveText(STATUS_NAMES[first?.status ?? 'found'])
      const active = grid.locator('[role="gridcell"][aria-selected="true"]')
      await expect(active).toHaveText(String(first?.line))
      await page.keyboard.press('ArrowDown')
      await expect(active).toHaveText(String(rows[1]?.line))
    })

    await test.step('the detail panel shows the raw item as pretty-printed JSON', async () => {
      const found = results.find((result) => result.status === 'found' && (result.item?.inventory_locations.length ?? 0) > 0)
      const search = page.getByRole('searchbox', { name: 'Quick search' })
      await search.fill(found?.item?.gtin ?? '')
      await expect.poll(() => gridRowCount(page)).toBeGreaterThan(0)
      await resultsGrid(page).getByRole('gridcell', { name: found?.item?.gtin ?? '' }).first().click()
      const details = page.getByRole('complementary', { name: 'Item details' })
      const json = details.getByLabel('Raw item JSON')
      await expect(json).toBeVisible()
      const text = (await json.textContent()) ?? ''
      expect(JSON.parse(text)).toEqual(found?.item?.raw)
      expect(text).toContain('\n  "')
      await search.fill('')
    })

    await test.step('Ctrl+C copies the active cell, or the selected rows as TSV', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.origin })
      const grid = resultsGrid(page)
      const gtinCell = grid.getByRole('row').nth(1).getByRole('gridcell').nth(4)
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
      const tsv = await readClipboard(page)
      const lines = tsv.split('\r\n').map((line) => line.split('\t'))
      expect(lines[0]).toEqual([
        'Status',
        'Line',
        'Input',
        'GTIN',
        'Walmart item number',
        'Location area',
        'State',
        'Quantity',
        'Total quantity',
        'Supplier',
        'Message'
      ])
      expect(lines.slice(1).map((cells) => Number(cells[1]))).toEqual([rows[0]?.line, rows[1]?.line])
      expect(lines[1]?.[3]).toBe(rows[0]?.gtin)
    })

    await test.step('the results screen has no serious or critical accessibility violations', async () => {
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

  test('after "Retry failed" each line shows once, with its new result', async ({ page, harness }) => {
    test.setTimeout(90_000)
    await harness.setDemoFaults({ serverErrorRate: 1 })
    const values = lookupValues().slice(0, 120)
    await page.getByRole('textbox', { name: 'Values to look up' }).fill(values.join('\n'))
    await page.getByRole('button', { name: 'Run lookup' }).click()
    const chips = page.getByRole('group', { name: 'Show statuses' })
    await expect(chips.getByRole('button', { name: 'Failed 120', exact: true })).toBeVisible({ timeout: 60_000 })
    expect(await gridRowCount(page)).toBe(120)
    expect(new Set(await renderedColumn(page, 'Status'))).toEqual(new Set(['Failed']))
    await resultsGrid(page).getByRole('row').nth(1).getByRole('gridcell').nth(2).click()
    await expect(page.getByRole('complementary', { name: 'Item details' })).toContainText(/Message.*(internal|server)/is)

    await harness.setDemoFaults({ serverErrorRate: 0 })
    await page.getByRole('button', { name: 'Retry failed' }).click()
    await expect(chips.getByRole('button', { name: 'Failed 0', exact: true })).toBeVisible({ timeout: 30_000 })
    const results = lineResults(harness)
    const found = results.filter((result) => result.status === 'found').length
    await expect(chips.getByRole('button', { name: `Found ${found}`, exact: true })).toBeVisible()
    await expect.poll(() => gridRowCount(page)).toBe(expectedRows(results).length)
    await expect(page.getByText(/rows for 120 lines/)).toBeVisible()
    const lines = (await renderedColumn(page, 'Line')).map(Number)
    expect(lines).toEqual([...lines].sort((a, b) => a - b))
  })
})
