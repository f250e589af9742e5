import { attachScreenshot, expect, test } from './fixtures'
import { expectNoSeriousAxeViolations, expectValuesText, valuesBox } from './workspace-support'

/**
 * Ten values in every separator the field accepts, one of each kind the summary counts:
 *  1 00012345678905     valid GTIN-14
 *  2 4006381333931      valid EAN-13, padded to 14 digits
 *  3 036000291452       valid UPC-A, padded
 *  4 96385074           valid EAN-8, padded
 *  5 12000001291        a UPC-A whose leading zero a spreadsheet dropped: zeros restored
 *  6 00012345678906     wrong check digit
 *  7 12AB5678           wrong characters
 *  8 7.61E+12           lost to scientific notation
 *  9 1234567890123456   wrong length
 * 10 4006381333931      duplicate of 2
 */
const CRAFTED =
  '00012345678905, 4006381333931; 036000291452\t96385074 12000001291\n00012345678906\r\n12AB5678\n7.61E+12\n1234567890123456\n4006381333931\n'

function summary(text: string) {
  return (page: import('@playwright/test').Page) => page.getByText(text, { exact: true })
}

test.describe('workspace: entering values', () => {
  test('a pasted list with mixed separators is checked live, group by group', async ({ page }, testInfo) => {
    await valuesBox(page).fill(CRAFTED)
    await expect(
      summary(
        '10 values: 5 valid, 3 padded to 14 digits, 1 with leading zeros restored, 1 wrong check digit, 2 wrong length or characters, 1 lost to scientific notation, 1 duplicate.'
      )(page)
    ).toBeVisible()
    const groups = page.getByRole('region', { name: 'Check before lookup' })
    for (const [count, label] of [
      [5, 'Valid'],
      [3, 'Padded to 14 digits'],
      [1, 'Leading zeros restored'],
      [1, 'Wrong check digit'],
      [2, 'Wrong length or characters'],
      [1, 'Lost to scientific notation'],
      [1, 'Duplicates']
    ] as const) {
      await expect(groups.getByRole('button', { name: `${count} ${label}`, exact: true })).toHaveAttribute('aria-expanded', 'false')
    }

    const restored = groups.getByRole('button', { name: '1 Leading zeros restored', exact: true })
    await restored.click()
    await expect(restored).toHaveAttribute('aria-expanded', 'true')
    await expect(groups.getByRole('list', { name: 'Leading zeros restored' })).toContainText('Line 5')
    await expect(groups.getByRole('list', { name: 'Leading zeros restored' })).toContainText('00012000001291')

    await groups.getByRole('button', { name: '1 Duplicates', exact: true }).click()
    await expect(groups.getByRole('list', { name: 'Duplicates' })).toContainText('Line 10')
    await expect(groups.getByRole('list', { name: 'Duplicates' })).toContainText('Repeats line 2.')
    await attachScreenshot(page, testInfo, 'validation summary')
    await expectNoSeriousAxeViolations(page)
  })

  test('bad values are fixed inline or removed, one by one or all at once', async ({ page }) => {
    await valuesBox(page).fill(CRAFTED)
    const groups = page.getByRole('region', { name: 'Check before lookup' })

    await groups.getByRole('button', { name: '1 Wrong check digit', exact: true }).click()
    const wrong = groups.getByRole('textbox', { name: 'Value on line 6' })
    await expect(wrong).toHaveValue('00012345678906')
    await wrong.fill('00614141000012')
    await wrong.press('Enter')
    await expect(groups.getByRole('button', { name: /Wrong check digit$/ })).toBeHidden()
    await expect(page.getByText(/^10 values: 6 valid, /)).toBeVisible()
    await expectValuesText(page, /\n00614141000012\n/)
    await expect(groups.getByRole('button', { name: '6 Valid', exact: true })).toBeFocused()

    await groups.getByRole('button', { name: '1 Lost to scientific notation', exact: true }).click()
    const scientific = groups.getByRole('list', { name: 'Lost to scientific notation' }).getByRole('listitem')
    await expect(scientific).toContainText('Line 8')
    await scientific.getByRole('button', { name: 'Remove line 8', exact: true }).click()
    await expect(page.getByText(/^9 values: 6 valid, .* 0 lost to scientific notation, 1 duplicate\.$/)).toBeVisible()
    await expect(valuesBox(page)).not.toContainText('7.61E+12')

    await groups.getByRole('button', { name: 'Remove all invalid' }).click()
    await expect(
      page.getByText(
        '7 values: 6 valid, 3 padded to 14 digits, 1 with leading zeros restored, 0 wrong check digit, 0 wrong length or characters, 0 lost to scientific notation, 1 duplicate.',
        { exact: true }
      )
    ).toBeVisible()
    await expect(groups.getByRole('button', { name: 'Remove all invalid' })).toBeHidden()

    await groups.getByRole('button', { name: 'Remove duplicates' }).click()
    await expect(page.getByText(/^6 values: 6 valid, /)).toBeVisible()
    await expectValuesText(page, '00012345678905\n4006381333931\n036000291452\n96385074\n12000001291\n00614141000012')
  })

  test('the stores are checked as they are typed', async ({ page }) => {
    const store = page.getByRole('textbox', { name: 'Stores' })
    await store.fill('12a')
    await expect(store).toHaveAttribute('aria-invalid', 'true')
    await expect(store).toHaveAccessibleDescription(
      '"12a" is not a store number; use a whole number from 1 to 999999, or a range such as 100-120.'
    )
    await store.fill('0')
    await expect(store).toHaveAccessibleDescription(
      '"0" is not a store number; use a whole number from 1 to 999999, or a range such as 100-120.'
    )
    await valuesBox(page).fill('00012345678905')
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Check the stores first: "0" is not a store number; use a whole number from 1 to 999999, or a range such as 100-120.'
    )
    await expect(store).toBeFocused()
    await store.fill('42')
    await expect(store).toHaveAttribute('aria-invalid', 'false')
    await expect(store).toHaveAccessibleDescription('1 store')
  })

  test('a barcode scanner adds one value per scan, keeps the focus and flags a repeat', async ({ page }, testInfo) => {
    const scan = page.getByRole('textbox', { name: 'Scan' })
    await scan.focus()
    await page.keyboard.type('00012345678905', { delay: 5 })
    await page.keyboard.press('Enter')
    await expect(scan).toBeFocused()
    await expect(scan).toHaveValue('')
    // "Scanned" when the keystrokes came as a scanner's burst; a loaded test machine may space them out.
    await expect(page.getByRole('status').filter({ hasText: /^(Scanned|Added) 00012345678905 as line 1\.$/ })).toBeVisible()

    await page.keyboard.type('4006381333931', { delay: 5 })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: /^(Scanned|Added) 4006381333931 as line 2\.$/ })).toBeVisible()

    // The same product again, this time as its 14-digit form: still a repeat.
    await page.keyboard.type('04006381333931', { delay: 5 })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Already scanned: line 2. Not added again.' })).toBeVisible()
    await expect(scan).toBeFocused()
    await attachScreenshot(page, testInfo, 'repeated scan')

    await page.keyboard.type('036000291452', { delay: 120 })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Added 036000291452 as line 3.' })).toBeVisible()
    await expectValuesText(page, '00012345678905\n4006381333931\n036000291452')
    await expect(page.getByText(/^3 values: 3 valid, /)).toBeVisible()
  })
})
