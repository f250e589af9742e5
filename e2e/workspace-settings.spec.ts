import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { attachScreenshot, expect, test } from './fixtures'
import { expectNoSeriousAxeViolations } from './workspace-support'

async function keychainAvailable(page: Page): Promise<boolean> {
  const status = await page.evaluate(() => window.inventory.getCredentialStatus({ environment: 'sandbox' }))
  return status.ok && status.value.keychainAvailable
}

test.describe('workspace: environment and settings', () => {
  test('first start opens on Demo with the sample store and a banner that explains Demo', async ({ page }, testInfo) => {
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Store Inventory Lookup' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('demo')
    await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveValue('1234')
    const banner = page.getByRole('region', { name: 'You are in Demo' })
    await expect(banner).toContainText('simulated inventory API')
    await expect(banner).toContainText('no credentials')
    await expect(banner).toContainText('Settings')
    await attachScreenshot(page, testInfo, 'first start')
    await expectNoSeriousAxeViolations(page)

    await banner.getByRole('button', { name: 'use sample values' }).click()
    await expect(page.getByRole('textbox', { name: 'Values to look up' })).not.toHaveText('')
    // The sample values come with the Demo's sample group of five stores.
    await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveValue('1234, 1235, 2001, 3050, 4100')
    await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveAccessibleDescription('5 stores · group Demo sample stores')
    await banner.getByRole('button', { name: 'Dismiss' }).click()
    await expect(banner).toBeHidden()
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveValue('1234, 1235, 2001, 3050, 4100')
    await expect(page.getByRole('region', { name: 'You are in Demo' })).toBeHidden()
  })

  test.describe('in dark mode', () => {
    test.use({ colorScheme: 'dark' })

    test('the colours follow the OS and stay readable', async ({ page }, testInfo) => {
      const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)
      expect(background).toBe('rgb(20, 23, 27)')
      await page.getByRole('button', { name: 'use sample values' }).click()
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached()
      await attachScreenshot(page, testInfo, 'dark mode')
      await expectNoSeriousAxeViolations(page)
    })
  })

  test('switching to Production asks first and then looks unmistakably different', async ({ page }, testInfo) => {
    const environment = page.getByRole('combobox', { name: 'Environment' })
    const dialog = page.getByRole('dialog', { name: 'Switch to Production?' })

    await environment.selectOption('production')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expectNoSeriousAxeViolations(page)
    await attachScreenshot(page, testInfo, 'production confirmation')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(environment).toHaveValue('demo')
    await expect(page.getByText('PRODUCTION', { exact: true })).toBeHidden()

    await environment.selectOption('production')
    await dialog.getByRole('button', { name: 'Switch to Production' }).click()
    await expect(environment).toHaveValue('production')
    await expect(page.getByRole('banner').getByText('PRODUCTION', { exact: true })).toBeVisible()
    const headerColour = await page.getByRole('banner').evaluate((header) => getComputedStyle(header).backgroundColor)
    expect(headerColour).toBe('rgb(179, 38, 30)')
    await expect(page.getByText('No Production credentials are saved yet.')).toBeVisible()
    await attachScreenshot(page, testInfo, 'production')
    await expectNoSeriousAxeViolations(page)

    await environment.selectOption('sandbox')
    await expect(dialog).toBeHidden()
    await expect(environment).toHaveValue('sandbox')
    await page.reload()
    await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('sandbox')
  })

  test.describe('with every message to the page kept', () => {
    // Everything sent to the page is searched for the secret.
    test.use({ recordMessages: true })

    test('settings keep the secret write-only: saved to the keychain, never shown, never sent back', async ({
      page,
      harness
    }, testInfo) => {
      test.skip(
        !(await keychainAvailable(page)),
        'No OS keychain (Secret Service) is reachable here; npm test starts a throwaway gnome-keyring for this test.'
      )
      const canary = `CANARY-${randomBytes(12).toString('hex')}`
      const demoApi = await harness.root.services.demoApi()

      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible()
      await expect(page.getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true')
      await expectNoSeriousAxeViolations(page)
      await attachScreenshot(page, testInfo, 'settings')

      await test.step('hosts: a market preset fills them, editing one switches to Custom, bad URLs are refused inline', async () => {
        const market = page.getByRole('combobox', { name: 'Market' })
        await market.selectOption('mexico')
        await expect(page.getByRole('textbox', { name: 'Inventory host' })).toHaveValue('https://api.stg.walmartdataventures.mx')
        await page.getByRole('textbox', { name: 'Identity host' }).fill('not a url')
        await expect(market).toHaveValue('custom')
        await expect(
          page.getByText('Enter a full address starting with https://, such as https://developer.api.walmart.com.')
        ).toBeVisible()
        await page.getByRole('textbox', { name: 'Identity host' }).fill('http://identity.example.com')
        await expect(
          page.getByText('Use https://: plain http:// is allowed only for a server on this computer (127.0.0.1 or localhost).')
        ).toBeVisible()
        await page.getByRole('textbox', { name: 'Identity host' }).fill(demoApi.url)
        await page.getByRole('textbox', { name: 'Inventory host' }).fill(demoApi.url)
        await page.getByRole('checkbox', { name: 'Use Bearer prefix' }).check()
        await page.getByRole('checkbox', { name: 'Use Bearer prefix' }).uncheck()
      })

      await test.step('the secret is saved, the field cleared, and only its status shown', async () => {
        await page.getByRole('textbox', { name: 'Client ID' }).fill(demoApi.credentials.clientId)
        await page.getByLabel('Client secret', { exact: true }).fill(canary)
        await page.getByRole('button', { name: 'Save', exact: true }).click()
        await expect(page.getByText('Saved in OS keychain')).toBeVisible()
        await expect(page.getByLabel('Client secret', { exact: true })).toHaveCount(0)
        await expect(page.getByRole('button', { name: 'Replace' })).toBeVisible()
        await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeVisible()
        await expect(page.getByRole('status').getByText('Sandbox settings saved.')).toBeVisible()
      })

      await test.step('a wrong secret: the test says what the server said and what to do', async () => {
        await page.getByRole('button', { name: 'Test connection' }).click()
        const alert = page.getByRole('alert').filter({ hasText: 'The server did not accept the client ID or secret.' })
        await expect(alert).toBeVisible()
        await expect(alert).toContainText(`The identity host ${demoApi.url} rejected the client ID or secret (HTTP 401). Check both;`)
        await expect(alert).not.toContainText('Settings')
        await attachScreenshot(page, testInfo, 'settings: wrong secret')
      })

      await test.step('the canary is nowhere the page can see', async () => {
        expect(await page.content()).not.toContain(canary)
        const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
        expect(storage).not.toContain(canary)
        for (const message of harness.messages()) expect(message).not.toContain(canary)
        const inputs = await page.evaluate(() => [...document.querySelectorAll('input')].map((input) => input.value))
        expect(inputs).not.toContain(canary)
      })

      await test.step('replacing the secret with the right one connects', async () => {
        await page.getByRole('button', { name: 'Replace' }).click()
        await page.getByLabel('Client secret', { exact: true }).fill(demoApi.credentials.clientSecret)
        await page.getByRole('button', { name: 'Test connection' }).click()
        await page.getByRole('dialog', { name: 'Save your changes and test?' }).getByRole('button', { name: 'Save and test' }).click()
        await expect(page.getByRole('status').getByText(/^Connected; token valid until \d\d:\d\d$/)).toBeVisible()
        await expect(page.getByText('Saved in OS keychain')).toBeVisible()
        for (const message of harness.messages()) expect(message).not.toContain(demoApi.credentials.clientSecret)
      })

      await test.step('Sandbox pointed at a server runs a lookup with the saved credentials', async () => {
        await page.getByRole('button', { name: 'Done' }).click()
        await page.getByRole('combobox', { name: 'Environment' }).selectOption('sandbox')
        await page.getByRole('textbox', { name: 'Values to look up' }).fill('00012345678905\n4006381333931')
        await page.getByRole('button', { name: 'Run lookup' }).click()
        await expect(page.getByRole('heading', { name: /^Lookup · Sandbox · Store 1234 · \d\d:\d\d:\d\d$/ })).toBeVisible()
        await expect(page.getByRole('status').filter({ hasText: 'Lookup finished' })).toBeAttached()
      })

      await test.step('removing the secret', async () => {
        await page.getByRole('button', { name: 'Settings', exact: true }).click()
        await page.getByRole('button', { name: 'Remove', exact: true }).click()
        await expect(page.getByLabel('Client secret', { exact: true })).toBeVisible()
        await expect(page.getByText('The Sandbox secret was removed from the OS keychain.')).toBeVisible()
      })
    })
  })
})
