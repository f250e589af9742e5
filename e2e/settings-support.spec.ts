import { DIAGNOSTICS_LOG_LINES } from '../src/shared/limits'
import { attachScreenshot, expect, test } from './fixtures'
import { encodeWire } from './harness/wire-codec'
import { expectNoSeriousAxeViolations } from './workspace-support'

test.describe('settings: help for a support request', () => {
  test('"Open log folder" shows the folder, and "Copy diagnostics" copies versions, settings and the last log lines, said aloud', async ({
    page,
    context,
    harness
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.origin })
    // Something in the log to find: a call from a page that is not the app's is refused and logged.
    const refused = await fetch(new URL('__harness/invoke', harness.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Referer: 'http://127.0.0.1:9/not-the-app/marker-5150' },
      body: encodeWire({ channel: 'settings:get' })
    })
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })

    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const support = page.getByRole('region', { name: 'Support' })
    const status = support.getByRole('status')

    const open = support.getByRole('button', { name: 'Open log folder' })
    await open.click()
    await expect(status).toHaveText(`Opened the log folder: ${harness.dataDir}`)
    expect(harness.openedFolders()).toEqual([harness.dataDir])
    await expect(open).toBeFocused()

    // The hint names the number of lines main copies.
    await expect(support.getByRole('button', { name: 'Copy diagnostics' })).toHaveAccessibleDescription(
      new RegExp(`the last ${DIAGNOSTICS_LOG_LINES} lines of the log\\.`)
    )
    await support.getByRole('button', { name: 'Copy diagnostics' }).press('Enter')
    await expect(status).toHaveText('Copied the diagnostics; paste them into your support request.')
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toMatch(/^Store Inventory Lookup diagnostics\nWritten: \S+\nApp: \d+\.\d+\.\d+\nRuntime: .*Node /)
    expect(copied).toContain(`Data folder: ${harness.dataDir}`)
    expect(copied).toContain('"environment": "demo"')
    expect(copied).toMatch(/Last \d+ log lines:\n/)
    expect(copied).toContain('refused a call from an untrusted sender')
    expect(copied).toContain('marker-5150')
    await expect(support.getByRole('button', { name: 'Copy diagnostics' })).toBeFocused()
    await attachScreenshot(page, testInfo, 'settings: support')
    await expectNoSeriousAxeViolations(page)
  })

  test('when the clipboard refuses, the diagnostics are shown to copy by hand', async ({ page }) => {
    await page.evaluate(() => {
      document.execCommand = () => false
    })
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const support = page.getByRole('region', { name: 'Support' })
    await support.getByRole('button', { name: 'Copy diagnostics' }).click()
    await expect(support.getByRole('status')).toHaveText(
      'The diagnostics could not be put on the clipboard; select the text below and copy it.'
    )
    await expect(support.getByRole('textbox', { name: 'Diagnostics' })).toHaveValue(/^Store Inventory Lookup diagnostics\n/)
  })
})
