import type { Locator, Page, TestInfo } from '@playwright/test'
import type { LineResult } from '../src/shared/domain/line-result'
import { columnDescription, figureDescription } from '../src/shared/views/figure-descriptions'
import { attachScreenshot, expect, test } from './fixtures'
import { lookupValues, renderedColumn, resultsGrid } from './results-support'
import { runManyStoreLookup, tab } from './stores-support'
import { runNow, saveWatchlist } from './watchlist-support'
import { expectNoSeriousAxeViolations, validGtins } from './workspace-support'

/** The time the Demo sent with an answer, as it sent it (`lastUpdatedTime` of the raw item); null without one. */
function demoTime(result: LineResult | undefined): string | null {
  const raw = result?.item?.raw
  const time = typeof raw === 'object' && raw !== null ? (raw as { lastUpdatedTime?: unknown }).lastUpdatedTime : undefined
  return typeof time === 'string' ? time : null
}

/** Times as a person in the page's locale reads them: a medium date and a short time, as the app writes every date. */
async function inPageLocale(page: Page, times: readonly string[]): Promise<Map<string, string>> {
  const formatted = await page.evaluate(
    (isos) =>
      isos.map((iso) => new Intl.DateTimeFormat(navigator.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))),
    [...times]
  )
  return new Map(times.map((time, index) => [time, formatted[index] ?? '']))
}

function header(page: Page, name: string): Locator {
  return resultsGrid(page).getByRole('columnheader', { name, exact: true })
}

test.describe('Numbers explained', () => {
  test("each figure's header says what it counts and as of when, in a tooltip and its description; As of shows the Demo's time", async ({
    page,
    harness
  }, testInfo) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 1800, height: 1000 })
    const results = await runManyStoreLookup(page, harness, lookupValues().slice(0, 30))
    const times = results.flatMap((result) => {
      const time = demoTime(result)
      return time === null ? [] : [new Date(time).toISOString()]
    })
    expect(times.length).toBeGreaterThan(0)
    times.sort()
    const range = { earliest: times[0] ?? '', latest: times.at(-1) ?? '' }
    const shown = await inPageLocale(page, [range.earliest, range.latest])
    const described = (key: string) => columnDescription(key, { asOf: range, formatTime: (iso) => shown.get(iso) ?? iso }) ?? ''
    const tooltip = page.getByRole('tooltip')

    await test.step("On hand, pointed at: what it counts (MFC included, reserved and damaged not) and as of the answers' times", async () => {
      const onHand = header(page, 'On hand')
      await onHand.hover()
      await expect(tooltip).toHaveText(described('onHand'))
      expect(described('onHand')).toContain('any area (Store, Backroom, MFC or another)')
      expect(described('onHand')).toMatch(/Not counted: .*Reserved, Damaged/)
      expect(described('onHand')).toContain(`As of ${shown.get(range.earliest)} to ${shown.get(range.latest)}`)
      await expect(onHand).toHaveAccessibleDescription(described('onHand'))
      await expectNoSeriousAxeViolations(page)
      await attachScreenshot(page, testInfo, 'On hand explained')
    })

    await test.step('a header reached by the keyboard shows its tip, and Escape hides it', async () => {
      // The pointer leaves (the tip goes with it); from a cell of the column, up to its header, as the grid's keys go.
      await page.mouse.move(0, 0)
      await expect(tooltip).toHaveCount(0)
      const column = await header(page, 'On hand').getAttribute('aria-colindex')
      await resultsGrid(page).locator(`[role="gridcell"][aria-colindex="${column}"]`).first().click()
      await page.keyboard.press('ArrowUp')
      await expect(header(page, 'On hand')).toBeFocused()
      await expect(tooltip).toHaveText(described('onHand'))
      await page.keyboard.press('ArrowRight')
      await expect(header(page, 'On order')).toBeFocused()
      await expect(tooltip).toHaveText(described('onOrder'))
      expect(described('onOrder')).toContain('Never part of On hand.')
      await page.keyboard.press('Escape')
      await expect(tooltip).toHaveCount(0)
      await expect(header(page, 'On shelf')).toHaveAccessibleDescription(described('onShelf'))
      await expect(header(page, 'Stock status')).toHaveAccessibleDescription(described('status'))
      await expect(header(page, 'GTIN')).toHaveAccessibleDescription('')
    })

    await test.step("the As of column shows each answer's time from the Demo in the screen's locale, empty without an item", async () => {
      const stores = await renderedColumn(page, 'Store')
      const lines = await renderedColumn(page, 'Line')
      const asOf = await renderedColumn(page, 'As of')
      expect(asOf.length).toBeGreaterThan(5)
      const byPair = new Map(results.map((result) => [`${result.storeNbr}|${result.line}`, result]))
      const sent = asOf.map((_, index) => demoTime(byPair.get(`${stores[index]}|${lines[index]}`)))
      const words = await inPageLocale(
        page,
        sent.filter((time): time is string => time !== null)
      )
      expect(asOf).toEqual(sent.map((time) => (time === null ? '' : words.get(time))))
      expect(asOf.some((text) => text !== '')).toBe(true)
      await expect(header(page, 'As of')).toHaveAccessibleDescription(described('asOf'))
    })

    await test.step('the details panel labels its figures with the same words, and says as of when', async () => {
      const row = results.find((result) => demoTime(result) !== null && result.storeNbr === 1234)
      const time = demoTime(row)
      expect(time).not.toBeNull()
      await page.getByRole('searchbox', { name: 'Quick search' }).fill(row?.item?.gtin ?? '')
      await resultsGrid(page)
        .getByRole('gridcell', { name: row?.item?.gtin ?? '' })
        .first()
        .click()
      const details = page.getByRole('complementary', { name: 'Item details' })
      await expect(details.getByRole('term').filter({ hasText: /^On hand$/ })).toHaveAccessibleDescription(figureDescription('onHand'))
      await expect(details.getByRole('term').filter({ hasText: /^Unavailable$/ })).toHaveAccessibleDescription(
        columnDescription('unavailable') ?? ''
      )
      const asOfTerm = details.getByRole('term').filter({ hasText: /^As of$/ })
      await expect(asOfTerm).toHaveAccessibleDescription(columnDescription('asOf') ?? '')
      const words = await inPageLocale(page, [time ?? ''])
      await expect(details.locator('dt:text-is("As of") + dd')).toHaveText(words.get(time ?? '') ?? '')
      await expect(details.getByRole('columnheader', { name: 'Counted as' })).toHaveAccessibleDescription(
        columnDescription('countedAs') ?? ''
      )
      await page.getByRole('button', { name: 'Close details' }).click()
      await page.getByRole('searchbox', { name: 'Quick search' }).fill('')
    })

    await test.step('Locations, Stores, Matrix and By item describe their figures from the same words', async () => {
      await tab(page, 'Locations').click()
      await expect(header(page, 'Counted as')).toHaveAccessibleDescription(described('countedAs'))
      await expect(header(page, 'As of')).toBeVisible()
      await tab(page, 'Stores').click()
      const rate = header(page, 'In-stock rate')
      await rate.hover()
      await expect(tooltip).toHaveText(described('inStockRate'))
      expect(described('inStockRate')).toContain('an item with an empty shelf and stock in the backroom is in stock here')
      await expect(rate).toHaveAccessibleDescription(described('inStockRate'))
      await tab(page, 'Matrix').click()
      await expect(header(page, 'Store 1234')).toHaveAccessibleDescription(described('store:1234'))
      await tab(page, 'By item').click()
      const lowest = header(page, 'Lowest On hand')
      await lowest.hover()
      await expect(tooltip).toHaveText(described('lowestOnHand'))
      await expect(lowest).toHaveAccessibleDescription(described('lowestOnHand'))
      await expectNoSeriousAxeViolations(page)
    })
  })
})

/** The words of a figure the screens describe; a figure without any fails the test here rather than on screen. */
function words(key: string): string {
  const text = columnDescription(key)
  if (text === null) throw new Error(`${key} has no description`)
  return text
}

/**
 * `target`'s tip: shown with `text` while pointed at, with axe run in the light and the dark scheme
 * while it is open (its colours come from the theme); gone when the pointer leaves; shown again
 * once `target` has the keyboard's focus.
 */
async function expectTipShown(page: Page, testInfo: TestInfo, target: Locator, text: string, what: string): Promise<void> {
  const tooltip = page.getByRole('tooltip')
  await target.hover()
  await expect(tooltip).toHaveText(text)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(tooltip).toBeVisible()
    await expectNoSeriousAxeViolations(page)
    await attachScreenshot(page, testInfo, `${what} (${colorScheme})`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.mouse.move(0, 0)
  await expect(tooltip).toHaveCount(0)
  await target.focus()
  await expect(tooltip).toHaveText(text)
}

test.describe('Numbers explained on Watchlists and Trends', () => {
  test("a watchlist's last-run figures, Trends' headings and their tables' headers say what they count, as the grid's do", async ({
    page,
    harness
  }, testInfo) => {
    test.setTimeout(180_000)
    await saveWatchlist(page, 'Morning check', [1234, 2001], validGtins(30, 41))
    await runNow(page, harness, 'Morning check')
    await runNow(page, harness, 'Morning check')
    const tooltip = page.getByRole('tooltip')

    await test.step('Watchlists: the in-stock rate and newly out of stock, pointed at or reached by Tab; Escape hides the tip', async () => {
      await page.getByRole('button', { name: 'Watchlists', exact: true }).click()
      const row = page.getByRole('row', { name: /Morning check/ })
      await expect(row).toContainText('0 newly out of stock')
      const rate = row.locator('[aria-describedby]').filter({ hasText: /^In-stock rate \d/ })
      const newlyOut = row.locator('[aria-describedby]').filter({ hasText: /^0 newly out of stock$/ })
      await expect(rate).toHaveAccessibleDescription(words('inStockRate'))
      await expect(newlyOut).toHaveAccessibleDescription(words('newlyOutOfStock'))
      expect(words('newlyOutOfStock')).toContain('shelf empty and low stock included')
      await expectTipShown(page, testInfo, rate, words('inStockRate'), 'Watchlists, in-stock rate explained')
      await page.keyboard.press('Tab')
      await expect(newlyOut).toBeFocused()
      await expect(tooltip).toHaveText(words('newlyOutOfStock'))
      await page.keyboard.press('Escape')
      await expect(tooltip).toHaveCount(0)
      await expect(newlyOut).toBeFocused()
    })

    await test.step("Trends: each chart's heading and each figure of its data table, and the worst items' figures", async () => {
      await page.getByRole('button', { name: 'Trends: Morning check' }).click()
      await expect(page.getByRole('heading', { name: 'Trends: Morning check', level: 2 })).toBeFocused()
      const rateHeading = page.getByRole('heading', { name: 'In-stock rate per lookup', level: 3 })
      await expect(rateHeading).toHaveAccessibleDescription(words('inStockRate'))
      const rates = page.getByRole('table', { name: 'In-stock rate per lookup, all stores and each store' })
      for (const name of ['All stores', 'Store 1234', 'Store 2001']) {
        await expect(rates.getByRole('columnheader', { name, exact: true })).toHaveAccessibleDescription(words('inStockRate'))
      }
      await expect(rates.getByRole('columnheader', { name: 'Lookup', exact: true })).toHaveAccessibleDescription('')
      const counts = page.getByRole('table', { name: 'Out of stock and shelf empty per lookup' })
      await expect(counts.getByRole('columnheader', { name: 'Out of stock', exact: true })).toHaveAccessibleDescription(words('outOfStock'))
      await expect(counts.getByRole('columnheader', { name: 'Shelf empty, backroom has stock' })).toHaveAccessibleDescription(
        words('shelfEmpty')
      )
      const countsHeading = page.getByRole('heading', { name: 'Out of stock and shelf empty per lookup', level: 3 })
      await expect(countsHeading).toHaveAccessibleDescription(
        `Out of stock: ${words('outOfStock')} Shelf empty, backroom has stock: ${words('shelfEmpty')}`
      )
      const worst = page.getByRole('table', { name: 'Worst items' })
      await expect(worst.getByRole('button', { name: 'Share out of stock' })).toHaveAccessibleDescription(words('shareOutOfStock'))
      await expect(worst.getByRole('button', { name: 'Lookups out of stock' })).toHaveAccessibleDescription(words('lookupsOutOfStock'))

      const store = rates.getByRole('columnheader', { name: 'Store 2001', exact: true })
      await expectTipShown(page, testInfo, store, words('inStockRate'), 'Trends, a store column explained')
      await page.keyboard.press('Escape')
      await expect(tooltip).toHaveCount(0)
      await countsHeading.focus()
      await expect(tooltip).toHaveText(`Out of stock: ${words('outOfStock')} Shelf empty, backroom has stock: ${words('shelfEmpty')}`)
      await page.keyboard.press('Escape')
      await expect(tooltip).toHaveCount(0)
      await worst.getByRole('button', { name: 'Share out of stock' }).focus()
      await expect(tooltip).toHaveText(words('shareOutOfStock'))
      await page.keyboard.press('Tab')
      await expect(tooltip).toHaveCount(0)
    })
  })
})
