import { expect, test } from './fixtures'
import { pasteValues, validGtins, valuesBox } from './workspace-support'

test.describe('workspace: the keyboard', () => {
  test('Ctrl+Enter runs the lookup from the values, and from a fix it applies first', async ({ page, harness }) => {
    await pasteValues(page, [...validGtins(3), '00012345678906'])
    await expect(page.getByText(/^4 values: 3 valid, /)).toBeVisible()
    const summary = page.getByRole('region', { name: 'Check before lookup' })
    await summary.getByRole('button', { name: '1 Wrong check digit', exact: true }).click()
    const fix = summary.getByRole('textbox', { name: 'Value on line 4' })
    await fix.fill('00012345678905')
    await fix.press('ControlOrMeta+Enter')
    await expect(page.getByRole('heading', { name: /^Lookup · Demo · Store 1234 · / })).toBeVisible()
    // The fixed value was looked up: nothing is invalid.
    await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: .*, 0 invalid, 0 duplicate, / })).toBeAttached({
      timeout: 30_000
    })

    await page.getByRole('button', { name: 'Edit' }).click()
    await valuesBox(page).focus()
    await page.keyboard.press('ControlOrMeta+Enter')
    // A second lookup starts at once; the first one is kept in History.
    await expect(
      page.getByRole('status').filter({ hasText: /^The previous lookup \(Demo · Store 1234 · .*\) is in History\.$/ })
    ).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached({ timeout: 30_000 })
    expect(harness.root.services.history.list()).toHaveLength(2)
  })

  test('Ctrl+Enter in the store number runs the lookup too; in the scan field it runs it without adding the scan', async ({ page }) => {
    await pasteValues(page, validGtins(2))
    await expect(page.getByText(/^2 values: 2 valid, /)).toBeVisible()
    await page.getByRole('textbox', { name: 'Stores' }).press('ControlOrMeta+Enter')
    await expect(page.getByText('2 items', { exact: true })).toBeVisible({ timeout: 30_000 })

    await page.getByRole('button', { name: 'Edit' }).click()
    const scan = page.getByRole('textbox', { name: 'Scan' })
    await scan.fill('4006381333931')
    await scan.press('ControlOrMeta+Enter')
    await expect(page.getByRole('status').filter({ hasText: /^The previous lookup .* is in History\./ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'What was looked up' })).toContainText('Store 1234 · 2 values')
    await expect(page.getByText('2 items', { exact: true })).toBeVisible({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Edit' }).click()
    await expect(scan).toHaveValue('4006381333931')
  })

  test('after "Use this column" the keyboard is on the validation summary', async ({ page }) => {
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Import file' }).click()
    const file = 'Description,GTIN\r\nTea,4006381333931\r\nCoffee,00012345678906\r\n'
    await (await chooser).setFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
    await expect(page.getByRole('combobox', { name: 'Column', exact: true })).toBeFocused()
    // The question of which column names the items comes before the button that answers both.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('combobox', { name: 'Item names from' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Use this column' })).toBeFocused()
    await page.keyboard.press('Enter')
    const summary = page.getByRole('region', { name: 'Check before lookup' })
    await expect(summary).toBeFocused()
    await expect(summary).toContainText('2 values: 1 valid')
    await page.keyboard.press('Tab')
    await expect(summary.getByRole('button', { name: '1 Valid', exact: true })).toBeFocused()
  })

  test('the header lists the keyboard shortcuts; Escape closes the list and the focus goes back', async ({ page }) => {
    const button = page.getByRole('banner').getByRole('button', { name: 'Keyboard shortcuts' })
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(dialog).toBeVisible()
    for (const [where, keys, does] of [
      ['What to look up', 'Ctrl+Enter', 'Run the lookup, from any field of the form'],
      ['Results', 'Ctrl+F', 'Go to Quick search'],
      ['Results', 'Ctrl+E', 'Export the results'],
      ['Results grid (one Tab stop)', 'Ctrl+A', 'Select all rows shown'],
      ['Results grid (one Tab stop)', '↑ or ↓ or ← or →', 'Move between cells'],
      ['Results grid (one Tab stop)', 'Tab', 'Leave the grid'],
      ['Anywhere', 'Escape', 'Close a dialog without changing anything']
    ] as const) {
      const table = dialog.getByRole('table', { name: where })
      await expect(table.getByRole('row', { name: `${keys} ${does}` })).toBeVisible()
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()

    await valuesBox(page).focus()
    await page.keyboard.press('ControlOrMeta+/')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  })
})
