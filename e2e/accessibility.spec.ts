import { attachScreenshot, expect, test } from './fixtures'
import { expectAccessibleWithHoverAndFocus } from './accessibility-support'
import { historyRow, lookUp, openHistory, storedIds, writeStoppedLookup } from './history-support'
import { lookupValues, resultsGrid, viewTab } from './results-support'
import { pasteValues, validGtins } from './workspace-support'

/**
 * axe finds no serious or critical issue on any screen or state a user can reach, in the light and
 * the dark colour scheme, with every kind of control at rest, hovered and focused.
 */

/** Values of every kind the check sorts, and enough valid ones that the list of valid values scrolls. */
const MIXED = [...validGtins(60), '4006381333931', '12000001291', '00012345678906', '12AB5678', '7.61E+12', '4006381333931']

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${colorScheme} scheme`, () => {
    test.use({ colorScheme })

    test('the entry form: empty, with a problem, checked, choosing a column; the shortcuts list and the Production dialog', async ({
      page
    }, testInfo) => {
      test.setTimeout(300_000)
      await expect(page.getByRole('button', { name: 'Run lookup' })).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'empty entry form')

      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(page.getByRole('alert')).toContainText('Enter, scan or import at least one value')
      await expectAccessibleWithHoverAndFocus(page, 'Run lookup without values')

      await pasteValues(page, MIXED)
      const summary = page.getByRole('region', { name: 'Check before lookup' })
      await expect(summary.getByText(/^66 values: /)).toBeVisible()
      const closed = summary.getByRole('button', { expanded: false })
      while ((await closed.count()) > 0) await closed.first().click()
      await expect(summary.getByRole('list', { name: 'Valid' })).toBeVisible()
      await attachScreenshot(page, testInfo, `validation summary, ${colorScheme}`)
      await expectAccessibleWithHoverAndFocus(page, 'validation summary, every group open')

      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Import file' }).click()
      await (
        await chooser
      ).setFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from('Description,GTIN\r\nTea,4006381333931\r\n') })
      await expect(page.getByRole('combobox', { name: 'Column' })).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'import column picker')
      await page.getByRole('button', { name: 'Use this column' }).click()
      const replace = page.getByRole('dialog', { name: 'Replace the list with the file?' })
      await expect(replace).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'replace-the-list dialog')
      await replace.getByRole('button', { name: 'Keep current list' }).click()

      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
      const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await expect(shortcuts).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'keyboard shortcuts list')
      await page.keyboard.press('Escape')
      await expect(shortcuts).toBeHidden()

      await page.getByRole('combobox', { name: 'Environment' }).selectOption('production')
      const production = page.getByRole('dialog', { name: 'Switch to Production?' })
      await expect(production).toBeVisible()
      await attachScreenshot(page, testInfo, `production dialog, ${colorScheme}`)
      await expectAccessibleWithHoverAndFocus(page, 'Switch to Production dialog')
      await production.getByRole('button', { name: 'Cancel' }).click()
    })

    test('a running lookup, its results in both views with details, the export dialog, and Settings', async ({
      page,
      harness
    }, testInfo) => {
      test.setTimeout(400_000)
      // Searches wait until the lookup is cancelled, so the running state holds while it is checked.
      await harness.setDemoFaults({ latencyMs: 600_000 })
      await pasteValues(page, lookupValues())
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'lookup running')
      await page.getByRole('button', { name: 'Cancel', exact: true }).click()
      await expect(page.getByRole('status').filter({ hasText: /^Lookup cancelled; / })).toBeAttached()

      await harness.setDemoFaults({ latencyMs: 0 })
      await page.getByRole('button', { name: 'Edit' }).click()
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(page.getByText(`${lookupValues().length} items`, { exact: true })).toBeVisible({ timeout: 60_000 })
      await attachScreenshot(page, testInfo, `results, ${colorScheme}`)
      await expectAccessibleWithHoverAndFocus(page, 'Items view')

      await resultsGrid(page).getByRole('gridcell').nth(3).click()
      await expect(page.getByRole('complementary', { name: 'Item details' })).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'Items view with details')

      await viewTab(page, 'Locations').click()
      await expect(viewTab(page, 'Locations')).toHaveAttribute('aria-selected', 'true')
      await expectAccessibleWithHoverAndFocus(page, 'Locations view')

      await page.getByRole('button', { name: 'Export' }).click()
      const exportDialog = page.getByRole('dialog', { name: /^Export / })
      await expect(exportDialog).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'export dialog')
      await page.keyboard.press('Escape')
      await expect(exportDialog).toBeHidden()

      await page.getByRole('button', { name: 'Settings' }).click()
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
      await attachScreenshot(page, testInfo, `settings, ${colorScheme}`)
      await expectAccessibleWithHoverAndFocus(page, 'Settings')
    })

    test('History with its delete dialog, Compare with its filters, a lookup opened from History, and the interrupted-lookup notice', async ({
      page,
      harness
    }, testInfo) => {
      test.setTimeout(400_000)
      writeStoppedLookup(harness, { startedAt: Date.now() - 86_400_000, state: 'interrupted' })
      await page.reload()
      await expect(page.getByRole('region', { name: 'Interrupted lookup' })).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'interrupted-lookup notice')

      await lookUp(page, '1234', validGtins(40))
      await lookUp(page, '5678', validGtins(40))
      await expect(page.getByRole('status').filter({ hasText: /is in History\.$/ })).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'a new lookup with the previous one in History')

      await openHistory(page)
      const [now, then] = storedIds(harness)
      await attachScreenshot(page, testInfo, `History, ${colorScheme}`)
      await expectAccessibleWithHoverAndFocus(page, 'History')
      await page.getByRole('button', { name: `Delete lookup ${then}`, exact: true }).click()
      const remove = page.getByRole('dialog', { name: 'Delete this lookup?' })
      await expect(remove).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'delete dialog')
      await remove.getByRole('button', { name: 'Keep lookup' }).click()

      await historyRow(page, now ?? '')
        .getByRole('checkbox')
        .check()
      await historyRow(page, then ?? '')
        .getByRole('checkbox')
        .check()
      await page.getByRole('button', { name: 'Compare chosen' }).click()
      await expect(page.getByText('40 values compared')).toBeVisible()
      await page.getByRole('button', { name: /^Column filters/ }).click()
      await attachScreenshot(page, testInfo, `Compare, ${colorScheme}`)
      await expectAccessibleWithHoverAndFocus(page, 'Compare with its column filters')

      await page.getByRole('button', { name: 'Back to History' }).click()
      await page.getByRole('button', { name: `Open lookup ${then}`, exact: true }).click()
      await expect(page.getByRole('status').filter({ hasText: /^Opened from History: / })).toBeVisible()
      await expectAccessibleWithHoverAndFocus(page, 'lookup opened from History')
    })
  })
}
