import type { Page } from '@playwright/test'
import { attachScreenshot, expect, test } from './fixtures'
import { ITEM_HEADERS, lookupValues, resultsGrid, runDemoLookup } from './results-support'

/** How far the page and the main area could scroll; 0 and 0 means the window holds everything. */
function pageOverflow(page: Page): Promise<{ page: number; main: number }> {
  return page.evaluate(() => {
    const main = document.querySelector('main')
    const root = document.scrollingElement ?? document.documentElement
    return { page: root.scrollHeight - root.clientHeight, main: main === null ? 0 : main.scrollHeight - main.clientHeight }
  })
}

/** Data rows whose cells are wholly inside the grid's visible box, below its header. */
function fullyVisibleRows(page: Page): Promise<number> {
  return resultsGrid(page).evaluate((grid) => {
    const box = grid.getBoundingClientRect()
    const header = grid.querySelector('[role="columnheader"]')?.getBoundingClientRect()
    const top = header?.bottom ?? box.top
    const rows = new Set<string>()
    for (const cell of grid.querySelectorAll('[role="gridcell"]')) {
      const rect = cell.getBoundingClientRect()
      if (rect.top >= top - 0.5 && rect.bottom <= box.bottom + 0.5)
        rows.add(cell.closest('[role="row"]')?.getAttribute('aria-rowindex') ?? '')
    }
    return rows.size
  })
}

test.describe('results layout', () => {
  test('at 1366x768 the results get the window: summary line, no page scroll, 15 rows and every Items column up to Line', async ({
    page
  }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 768 })
    await runDemoLookup(page, lookupValues())

    const summary = page.getByRole('region', { name: 'What was looked up' })
    await expect(summary).toContainText('Store 1234 · 300 values')
    await expect(page.getByRole('textbox', { name: 'Values to look up' })).toBeHidden()
    expect(await pageOverflow(page)).toEqual({ page: 0, main: 0 })
    expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(15)

    const grid = await resultsGrid(page).boundingBox()
    // Every column up to Line fits; As of (a long date) and Message are reached by scrolling sideways.
    for (const name of ITEM_HEADERS.slice(0, ITEM_HEADERS.indexOf('As of'))) {
      const header = await resultsGrid(page).getByRole('columnheader', { name, exact: true }).boundingBox()
      expect(header, name).not.toBeNull()
      expect((header?.x ?? 0) + (header?.width ?? 0), `${name} is within the grid without scrolling sideways`).toBeLessThanOrEqual(
        (grid?.x ?? 0) + (grid?.width ?? 0) + 0.5
      )
    }
    await attachScreenshot(page, testInfo, 'results at 1366x768')

    await summary.getByRole('button', { name: 'Edit' }).click()
    await expect(page.getByRole('textbox', { name: 'Stores' })).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Values to look up' })).toBeVisible()
    await expect(summary).toBeHidden()
    // With the form open the main area scrolls, and the header with the environment stays in view.
    await page.getByRole('button', { name: 'Export', exact: true }).scrollIntoViewIfNeeded()
    await page.locator('main').evaluate((main) => main.scrollTo({ top: main.scrollHeight }))
    const header = await page.getByRole('banner').boundingBox()
    expect(header?.y).toBe(0)
    await expect(page.getByRole('combobox', { name: 'Environment' })).toBeInViewport()

    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(page.getByRole('region', { name: 'What was looked up' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Values to look up' })).toBeHidden()
  })

  test('at 1920 wide the results use the full width; the detail panel resizes, closes and keeps its size', async ({
    page,
    harness
  }, testInfo) => {
    await page.setViewportSize({ width: 1920, height: 1080 })
    await runDemoLookup(page, lookupValues().slice(0, 40))
    const results = await page.getByRole('region', { name: /^Results/ }).boundingBox()
    expect(results?.width).toBeGreaterThan(1920 - 60)

    await resultsGrid(page).getByRole('gridcell').nth(3).click()
    const details = page.getByRole('complementary', { name: 'Item details' })
    await expect(details).toBeVisible()
    const separator = details.getByRole('separator', { name: 'Resize item details' })
    const before = Number(await separator.getAttribute('aria-valuenow'))
    const width = (await details.boundingBox())?.width ?? 0
    await separator.focus()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(separator).toHaveAttribute('aria-valuenow', String(before + 48))
    await expect.poll(async () => Math.round((await details.boundingBox())?.width ?? 0)).toBe(Math.round(width + 48))
    await expect.poll(() => harness.root.services.settings.current().settings.detailPanelWidth).toBe(before + 48)

    const box = await separator.boundingBox()
    const x = (box?.x ?? 0) + (box?.width ?? 0) / 2
    const y = (box?.y ?? 0) + 40
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x - 100, y, { steps: 4 })
    await page.mouse.up()
    await expect(separator).toHaveAttribute('aria-valuenow', String(before + 148))
    await expect.poll(() => harness.root.services.settings.current().settings.detailPanelWidth).toBe(before + 148)
    await attachScreenshot(page, testInfo, 'results at 1920 with details')

    await details.getByRole('button', { name: 'Close details' }).click()
    await expect(details).toBeHidden()
    await resultsGrid(page).getByRole('gridcell').nth(3).click()
    await expect(page.getByRole('separator', { name: 'Resize item details' })).toHaveAttribute('aria-valuenow', String(before + 148))
  })
})
