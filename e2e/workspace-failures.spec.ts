import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { attachScreenshot, expect, test } from './fixtures'
import { expectNoSeriousAxeViolations } from './workspace-support'

async function keychainAvailable(page: Page): Promise<boolean> {
  const status = await page.evaluate(() => window.inventory.getCredentialStatus({ environment: 'sandbox' }))
  return status.ok && status.value.keychainAvailable
}

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('No port was assigned.')
  return address.port
}

test.describe('workspace: failures explained', () => {
  test.describe('without an OS keychain', () => {
    // Everything sent to the page is searched for the secret.
    test.use({ keychain: 'missing', recordMessages: true })

    test('Settings says what to install or unlock, and the secret is kept nowhere', async ({ page, harness }, testInfo) => {
      const secret = 'CANARY-no-keychain-secret'
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      const notice = page
        .getByRole('alert')
        .filter({ hasText: 'The system keychain could not be used, so client secrets cannot be saved or read.' })
      await expect(notice).toContainText('Install gnome-keyring (or another Secret Service) and libsecret, and unlock your login keyring')
      await attachScreenshot(page, testInfo, 'settings: no keychain')
      await expectNoSeriousAxeViolations(page)

      await page.getByRole('textbox', { name: 'Client ID' }).fill('client-without-keychain')
      await page.getByLabel('Client secret', { exact: true }).fill(secret)
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(
        page.getByRole('alert').filter({ hasText: 'The operating system keychain could not be used to store the secret.' })
      ).toBeVisible()
      await expect(page.getByText('Saved in OS keychain')).toHaveCount(0)

      // No plain-text fallback: nothing the app wrote holds the secret.
      expect(readFileSync(join(harness.dataDir, 'settings.json'), 'utf8')).not.toContain(secret)
      // The failed save was logged, so the log exists and is searched.
      const log = await harness.readLog()
      expect(log).toContain('the OS keychain could not be used')
      expect(log).not.toContain(secret)
      for (const message of harness.messages()) expect(message).not.toContain(secret)
    })
  })

  test.describe('with a corrupt settings file', () => {
    test.use({ settingsFileText: '{"environment": "demo", "stores": [1234' })

    test('the app starts on defaults, says so, and keeps the old file as settings.json.bak', async ({ page, harness }, testInfo) => {
      const warning = page.getByRole('alert').filter({ hasText: 'Your settings file could not be read, so defaults are in use' })
      await expect(warning).toContainText('the old file was kept as settings.json.bak')
      await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('demo')
      await attachScreenshot(page, testInfo, 'corrupt settings')
      expect(readFileSync(join(harness.dataDir, 'settings.json.bak'), 'utf8')).toBe('{"environment": "demo", "stores": [1234')

      // The defaults work: a change is saved to a new, valid file.
      await page.getByRole('textbox', { name: 'Stores' }).fill('5678')
      await page.getByRole('textbox', { name: 'Stores' }).blur()
      await expect.poll(() => existsSync(join(harness.dataDir, 'settings.json'))).toBe(true)
    })
  })

  test('a server that cannot be reached: the connection test and the lookup say so and what to do', async ({ page }, testInfo) => {
    test.skip(
      !(await keychainAvailable(page)),
      'No OS keychain (Secret Service) is reachable here; npm test starts a throwaway gnome-keyring for this test.'
    )
    const nowhere = `http://127.0.0.1:${await closedPort()}`
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('textbox', { name: 'Identity host' }).fill(nowhere)
    await page.getByRole('textbox', { name: 'Inventory host' }).fill(nowhere)
    await page.getByRole('textbox', { name: 'Client ID' }).fill('client-offline')
    await page.getByLabel('Client secret', { exact: true }).fill('secret-offline')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Saved in OS keychain')).toBeVisible()

    await page.getByRole('button', { name: 'Test connection' }).click()
    const testAlert = page.getByRole('alert').filter({ hasText: 'The server could not be reached.' })
    // Inside Settings the alert says what to check without sending the person to Settings.
    await expect(testAlert).toContainText(
      `${nowhere} refused the connection: nothing answers at that address and port. Check the identity host.`
    )
    await attachScreenshot(page, testInfo, 'settings: server unreachable')

    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('combobox', { name: 'Environment' }).selectOption('sandbox')
    await page.getByRole('textbox', { name: 'Values to look up' }).fill('00012345678905\n4006381333931')
    await page.getByRole('button', { name: 'Run lookup' }).click()
    const runAlert = page.getByRole('alert').filter({ hasText: 'The server could not be reached.' })
    await expect(runAlert).toContainText(
      `${nowhere} refused the connection: nothing answers at that address and port. Check the identity host in Settings.`
    )
    await attachScreenshot(page, testInfo, 'lookup: server unreachable')
    await expectNoSeriousAxeViolations(page)
  })
})
