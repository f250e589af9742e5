import { expect, test } from './fixtures'
import { pasteValues, validGtins, valuesBox } from './workspace-support'

/**
 * A list of 200,000 values, the most one lookup takes. How fast it goes is measured by
 * `npm run bench:grid` (bench/entry.bench.ts); these tests hold what the person sees.
 */

const MOST = 200_000

test.describe('workspace: a 200,000-value list', () => {
  test('a pasted list is counted and checked, a value typed at its end is too many at once, and deleting it makes the list fit again', async ({
    page
  }) => {
    test.setTimeout(180_000)
    await pasteValues(page, validGtins(MOST))
    await expect(page.getByText('200,000 values', { exact: true })).toBeVisible()
    await expect(page.getByText(/^200,000 values: 200,000 valid, /)).toBeVisible()
    await expect(page.getByRole('alert')).toBeHidden()

    await valuesBox(page).press('ControlOrMeta+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('4006381333931')
    await expect(page.getByText('200,001 values', { exact: true })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText(
      'This list has 200,001 values; one lookup takes at most 200,000. Split the list into smaller parts.'
    )

    for (let key = 0; key < '\n4006381333931'.length; key += 1) await page.keyboard.press('Backspace')
    await expect(page.getByText(/^200,000 values: 200,000 valid, /)).toBeVisible()
    await expect(page.getByRole('alert')).toBeHidden()
  })

  test('an imported file of more than 200,000 rows is refused as soon as it is read', async ({ page }) => {
    test.setTimeout(120_000)
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Import file' }).click()
    const rows = validGtins(MOST + 1).join('\r\n')
    await (await chooser).setFiles({ name: 'too-long.txt', mimeType: 'text/plain', buffer: Buffer.from(rows) })
    await expect(
      page.getByRole('alert').filter({ hasText: 'too-long.txt has more than 200,000 rows; one lookup takes at most 200,000.' })
    ).toBeVisible()
    await expect(valuesBox(page)).toHaveText('')
  })

  test.describe('against a slow server', () => {
    // A second per search, so the lookup is still running when Cancel is pressed however fast the machine is.
    test.use({ demoFaults: { latencyMs: 1000 } })

    test('Cancel is on screen during the lookup and stops it', async ({ page }) => {
      test.setTimeout(180_000)
      await pasteValues(page, validGtins(MOST))
      await expect(page.getByText(/^200,000 values: 200,000 valid, /)).toBeVisible()
      await page.getByRole('button', { name: 'Run lookup' }).click()
      const bar = page.getByRole('progressbar', { name: 'Lookup progress' })
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThan(0)

      const cancel = page.getByRole('button', { name: 'Cancel', exact: true })
      await expect(cancel).toBeInViewport()
      await cancel.click()
      await expect(
        page.getByRole('status').filter({ hasText: /^Lookup cancelled; the [\d,]+ answers that arrived are kept\.$/ })
      ).toBeAttached()
      await expect(cancel).toBeHidden()
      const answered = Number(await bar.getAttribute('aria-valuenow'))
      expect(answered).toBeLessThan(MOST)
    })
  })
})
