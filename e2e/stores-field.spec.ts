import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectNoSeriousAxeViolations, pasteValues, validGtins, valuesBox } from './workspace-support'

/** The Stores field's text box; what it reads as is its accessible description. */
function storesBox(page: Page) {
  return page.getByRole('textbox', { name: 'Stores' })
}

test.describe('the Stores field', () => {
  test('reads lists, ranges and duplicates, names bad entries and says the stores x values cap before Run', async ({ page }) => {
    const stores = storesBox(page)

    await test.step('commas, spaces and new lines, a range, duplicates removed and said so', async () => {
      await stores.fill('100, 105 110\n100-120\n3050 3050')
      await expect(stores).toHaveAttribute('aria-invalid', 'false')
      // 100-120 is 21 stores; 100, 105 and 110 lie inside it and 3050 is listed twice: 4 duplicates.
      await expect(stores).toHaveAccessibleDescription('22 stores · 4 stores were listed more than once; each is looked up once.')
      await expectNoSeriousAxeViolations(page)
      // Leaving the field keeps the list in settings as it reads: a range for a run of stores.
      await stores.blur()
    })

    await test.step('a reversed range is the same stores; a single duplicate is said in the singular', async () => {
      await stores.fill('120-100, 7, 7')
      await expect(stores).toHaveAccessibleDescription('22 stores · One store was listed twice; it is looked up once.')
    })

    await test.step('bad entries are named, and Run says to check the stores', async () => {
      await stores.fill('100, 12a, -5, 0, 200')
      await expect(stores).toHaveAttribute('aria-invalid', 'true')
      await expect(stores).toHaveAccessibleDescription(
        '"12a", "-5" and "0" are not store numbers; use whole numbers from 1 to 999999, or ranges such as 100-120.'
      )
      await expect(page.getByRole('button', { name: 'Save as group' })).toBeDisabled()
      await valuesBox(page).fill(validGtins(3).join('\n'))
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(page.getByRole('alert')).toHaveText(/^Check the stores first: "12a", "-5" and "0" are not store numbers/)
      await expect(stores).toBeFocused()
    })

    await test.step('more than 500 stores is said with the count', async () => {
      await stores.fill('1-501')
      await expect(stores).toHaveAccessibleDescription(
        'That is 501 stores; one lookup takes at most 500, so remove some or split the list into several lookups.'
      )
      await stores.fill('1-10000')
      await expect(stores).toHaveAccessibleDescription(/^That is 10,000 stores; one lookup takes at most 500/)
    })

    await test.step('stores x distinct values over 2,000,000 is said before Run, and Run does not start', async () => {
      await stores.fill('1-500')
      await expect(stores).toHaveAccessibleDescription('500 stores')
      // 4,001 distinct values x 500 stores = 2,000,500 pairs, just over the cap.
      await valuesBox(page).fill('')
      await pasteValues(page, validGtins(4_001, 11))
      const sentence =
        '500 stores x 4,001 values makes 2,000,500 store and value pairs; one lookup takes at most 2,000,000, so use fewer stores or values.'
      await expect(stores).toHaveAccessibleDescription(sentence, { timeout: 20_000 })
      await expect(stores).toHaveAttribute('aria-invalid', 'true')
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(page.getByRole('alert')).toHaveText(sentence)
      await expect(page.getByRole('progressbar', { name: 'Lookup progress' })).toHaveCount(0)
      // One store fewer fits: the cap is said only while it is passed.
      await stores.fill('1-499')
      await expect(stores).toHaveAccessibleDescription('499 stores')
      await expect(stores).toHaveAttribute('aria-invalid', 'false')
    })
  })

  test('stores are imported from a column of a file, with duplicates said', async ({ page }) => {
    const csv = ['Store Nbr,District,Manager', '100,12,Ann', '101,12,Bo', '102-104,12,Cy', '101,12,Bo', '3050,14,Di'].join('\n')
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Import stores' }).click()
    await (await chooser).setFiles({ name: 'district-12.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    // The column named after stores is offered first.
    const column = page.getByRole('combobox', { name: 'Column' })
    await expect(column.locator('option:checked')).toHaveText(/Store Nbr/)
    await page.getByRole('button', { name: 'Use this column' }).click()
    const stores = storesBox(page)
    await expect(stores).toHaveValue('100-104, 3050')
    await expect(page.getByRole('status').filter({ hasText: /^Read / })).toHaveText(
      'Read 6 stores from district-12.csv. One store was listed twice; it is looked up once.'
    )
    await expect(stores).toHaveAccessibleDescription('6 stores')
  })

  test('a store group is saved in settings, offered after a reload, chosen again and deleted', async ({ page, harness }) => {
    const stores = storesBox(page)
    const groups = page.getByRole('combobox', { name: 'Store group' })

    await test.step('Save as group names the current list', async () => {
      await stores.fill('1201-1212, 1250')
      await page.getByRole('button', { name: 'Save as group' }).click()
      const dialog = page.getByRole('dialog', { name: 'Save these 13 stores as a group' })
      await expect(dialog).toBeVisible()
      const name = dialog.getByRole('textbox', { name: 'Group name' })
      await expect(name).toBeFocused()
      // An empty name is refused with a sentence, and the dialog stays.
      await dialog.getByRole('button', { name: 'Save group' }).click()
      await expect(dialog).toBeVisible()
      await expect(name).toHaveAttribute('aria-invalid', 'true')
      await name.fill('District 12')
      await expectNoSeriousAxeViolations(page)
      await dialog.getByRole('button', { name: 'Save group' }).click()
      await expect(dialog).toBeHidden()
      await expect
        .poll(() => harness.root.services.settings.current().settings.storeGroups)
        .toEqual([{ name: 'District 12', stores: [1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210, 1211, 1212, 1250] }])
      await expect(stores).toHaveAccessibleDescription('13 stores · group District 12')
    })

    await test.step('after a reload the group is offered and choosing it fills the field', async () => {
      await stores.fill('42')
      await stores.blur()
      await expect.poll(() => harness.root.services.settings.current().settings.stores).toEqual([42])
      await page.reload()
      await expect(stores).toHaveValue('42')
      await expect(groups.getByRole('option', { name: 'District 12 (13 stores: 1201-1212, 1250)' })).toHaveCount(1)
      await groups.selectOption({ label: 'District 12 (13 stores: 1201-1212, 1250)' })
      await expect(stores).toHaveValue('1201-1212, 1250')
      await expect(stores).toHaveAccessibleDescription('13 stores · group District 12')
      await expect.poll(() => harness.root.services.settings.current().settings.stores).toHaveLength(13)
    })

    await test.step('saving under a name taken replaces that group; Delete removes it from settings', async () => {
      await stores.fill('1201-1213')
      await page.getByRole('button', { name: 'Save as group' }).click()
      const dialog = page.getByRole('dialog', { name: 'Save these 13 stores as a group' })
      const name = dialog.getByRole('textbox', { name: 'Group name' })
      await name.fill('district 12')
      await expect(name).toHaveAccessibleDescription('A group named District 12 exists; saving replaces its stores.')
      await dialog.getByRole('button', { name: 'Replace group' }).click()
      await expect(dialog).toBeHidden()
      await expect
        .poll(() => harness.root.services.settings.current().settings.storeGroups.map((group) => group.stores.at(-1)))
        .toEqual([1213])
      await page.getByRole('button', { name: 'Delete group district 12' }).click()
      await expect.poll(() => harness.root.services.settings.current().settings.storeGroups).toEqual([])
      await expect(stores).toHaveValue('1201-1213')
    })
  })
})
