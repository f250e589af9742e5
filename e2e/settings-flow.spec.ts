import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { closedPort } from '../src/main/http/test-support/answering-server'
import { attachScreenshot, expect, test } from './fixtures'
import { expectNoSeriousAxeViolations } from './workspace-support'

async function keychainAvailable(page: Page): Promise<boolean> {
  const status = await page.evaluate(() => window.inventory.getCredentialStatus({ environment: 'sandbox' }))
  return status.ok && status.value.keychainAvailable
}

const KEYCHAIN_SKIP = 'No OS keychain (Secret Service) is reachable here; npm test starts a throwaway gnome-keyring for this test.'

function savedSandbox(dataDir: string): { clientId: string; authUrl: string } {
  const settings = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as {
    environments: { sandbox: { clientId: string; authUrl: string } }
  }
  return settings.environments.sandbox
}

test.describe('settings: what is tested is what is saved, and nothing unsaved is lost without asking', () => {
  test('Test connection with unsaved edits asks "Save and test" or "Cancel", and Cancel saves nothing', async ({
    page,
    harness
  }, testInfo) => {
    test.skip(!(await keychainAvailable(page)), KEYCHAIN_SKIP)
    const demoApi = await harness.root.services.demoApi()
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('textbox', { name: 'Identity host' }).fill(demoApi.url)
    await page.getByRole('textbox', { name: 'Inventory host' }).fill(demoApi.url)
    await page.getByRole('textbox', { name: 'Client ID' }).fill(demoApi.credentials.clientId)
    await page.getByLabel('Client secret', { exact: true }).fill(demoApi.credentials.clientSecret)

    const dialog = page.getByRole('dialog', { name: 'Save your changes and test?' })
    await page.getByRole('button', { name: 'Test connection' }).click()
    await expect(dialog).toContainText('The connection test uses the saved Sandbox settings, and your changes are not saved yet.')
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await attachScreenshot(page, testInfo, 'save and test?')
    await expectNoSeriousAxeViolations(page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect(await page.evaluate(() => window.inventory.getCredentialStatus({ environment: 'sandbox' }))).toMatchObject({
      ok: true,
      value: { secretSaved: false, clientId: '' }
    })
    await expect(page.getByRole('textbox', { name: 'Client ID' })).toHaveValue(demoApi.credentials.clientId)

    await page.getByRole('button', { name: 'Test connection' }).click()
    await dialog.getByRole('button', { name: 'Save and test' }).click()
    await expect(page.getByRole('status').getByText(/^Connected; token valid until \d\d:\d\d$/)).toBeVisible()
    expect(savedSandbox(harness.dataDir)).toEqual(expect.objectContaining({ clientId: demoApi.credentials.clientId, authUrl: demoApi.url }))

    // Nothing unsaved now: the test runs straight away.
    await page.getByRole('button', { name: 'Test connection' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').getByText(/^Connected; token valid until \d\d:\d\d$/)).toBeVisible()
  })

  test('closing the window with unsaved Settings edits asks first, and not once they are discarded', async ({ page }) => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('textbox', { name: 'Client ID' }).fill('typed-but-not-saved')
    await expect(page.getByText('Changes not saved', { exact: true })).toBeVisible()
    // The window refuses to unload: the browser asks here, main asks in the app (will-prevent-unload).
    const asked = page.waitForEvent('dialog')
    await page.close({ runBeforeUnload: true })
    const dialog = await asked
    expect(dialog.type()).toBe('beforeunload')
    await dialog.dismiss()
    await expect(page.getByRole('textbox', { name: 'Client ID' })).toHaveValue('typed-but-not-saved')

    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click()
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeHidden()
    await expect(page.getByText('Changes not saved', { exact: true })).toBeHidden()
    const dialogs: string[] = []
    page.on('dialog', (shown) => {
      dialogs.push(shown.type())
      void shown.dismiss()
    })
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => page.isClosed()).toBe(true)
    expect(dialogs).toEqual([])
  })

  test('leaving Settings, or its tab, with unsaved edits asks first', async ({ page, harness }) => {
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' })
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('textbox', { name: 'Client ID' }).fill('typed-but-not-saved')

    for (const leave of [
      () => page.getByRole('button', { name: 'Done' }).click(),
      () => page.getByRole('button', { name: 'Back to lookup' }).click(),
      () => page.getByRole('tab', { name: 'Production' }).click()
    ]) {
      await leave()
      await expect(dialog).toContainText('Your changes to the Sandbox settings are not saved.')
      await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused()
      await dialog.getByRole('button', { name: 'Keep editing' }).click()
      await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible()
      await expect(page.getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('textbox', { name: 'Client ID' })).toHaveValue('typed-but-not-saved')
    }

    // Typing a secret is an edit too, although its text never enters the page's state.
    await page.getByRole('textbox', { name: 'Client ID' }).fill('')
    await page.getByLabel('Client secret', { exact: true }).fill('typed secret')
    await page.getByRole('tab', { name: 'Production' }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Discard changes' }).click()
    await expect(page.getByRole('tab', { name: 'Production' })).toHaveAttribute('aria-selected', 'true')

    // Nothing unsaved on Production: leaving does not ask.
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeHidden()
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('tab', { name: 'Sandbox' }).click()
    await expect(page.getByRole('textbox', { name: 'Client ID' })).toHaveValue('')
    expect(() => savedSandbox(harness.dataDir)).toThrow()
  })

  test('an error names the host and the cause once, never points to Settings, and "Copy details" copies it', async ({
    page,
    context
  }, testInfo) => {
    test.skip(!(await keychainAvailable(page)), KEYCHAIN_SKIP)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const nowhere = `http://127.0.0.1:${await closedPort()}`
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('textbox', { name: 'Identity host' }).fill(nowhere)
    await page.getByRole('textbox', { name: 'Client ID' }).fill('client-refused')
    await page.getByLabel('Client secret', { exact: true }).fill('secret-refused')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Saved in OS keychain')).toBeVisible()
    await page.getByRole('button', { name: 'Test connection' }).click()

    const alert = page.getByRole('alert').filter({ hasText: 'The server could not be reached.' })
    const sentence = `${nowhere} refused the connection: nothing answers at that address and port. Check the identity host.`
    await expect(alert).toContainText(sentence)
    await expect(alert).not.toContainText('Settings')
    await expect(alert.getByRole('button', { name: 'Open Settings' })).toHaveCount(0)
    expect(((await alert.textContent()) ?? '').split(nowhere)).toHaveLength(2)
    await attachScreenshot(page, testInfo, 'settings: refused, in words')
    await expectNoSeriousAxeViolations(page)

    await alert.getByRole('button', { name: 'Copy details' }).click()
    await expect(alert.getByRole('status')).toHaveText('Details copied.')
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain('Store Inventory Lookup: The server could not be reached.')
    expect(copied).toContain(sentence)
    expect(copied).toContain('Code: offline')
    expect(copied).not.toContain('secret-refused')
  })

  test('a new identity host needs its own secret: the saved one is kept for its host and not sent to the new one', async ({
    page,
    harness
  }) => {
    test.skip(!(await keychainAvailable(page)), KEYCHAIN_SKIP)
    const demoApi = await harness.root.services.demoApi()
    const other = `http://127.0.0.1:${await closedPort()}`
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('textbox', { name: 'Identity host' }).fill(demoApi.url)
    await page.getByRole('textbox', { name: 'Inventory host' }).fill(demoApi.url)
    await page.getByRole('textbox', { name: 'Client ID' }).fill(demoApi.credentials.clientId)
    await page.getByLabel('Client secret', { exact: true }).fill(demoApi.credentials.clientSecret)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('group', { name: 'Client secret status' })).toContainText(`Saved in OS keychain for ${demoApi.url}`)

    await page.getByRole('textbox', { name: 'Identity host' }).fill(other)
    await expect(
      page.getByText('The saved secret belongs to the identity host it was saved for; after saving this one, enter the secret again.')
    ).toBeVisible()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('status').getByText(`The secret saved for ${demoApi.url} is never sent to ${other}`)).toBeVisible()
    await expect(page.getByLabel('Client secret', { exact: true })).toBeVisible()

    // Back to the host it was saved for: the secret is there again, nothing to re-enter.
    await page.getByRole('textbox', { name: 'Identity host' }).fill(demoApi.url)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Saved in OS keychain')).toBeVisible()
    await page.getByRole('button', { name: 'Test connection' }).click()
    await expect(page.getByRole('status').getByText(/^Connected; token valid until \d\d:\d\d$/)).toBeVisible()
  })

  test('a new inventory host needs the secret again: Settings and the lookup screen say so', async ({ page, harness }) => {
    test.skip(!(await keychainAvailable(page)), KEYCHAIN_SKIP)
    const demoApi = await harness.root.services.demoApi()
    const other = `http://127.0.0.1:${await closedPort()}`
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('textbox', { name: 'Identity host' }).fill(demoApi.url)
    await page.getByRole('textbox', { name: 'Inventory host' }).fill(demoApi.url)
    await page.getByRole('textbox', { name: 'Client ID' }).fill(demoApi.credentials.clientId)
    await page.getByLabel('Client secret', { exact: true }).fill(demoApi.credentials.clientSecret)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('group', { name: 'Client secret status' })).toContainText(
      `Saved in OS keychain for ${demoApi.url} and ${demoApi.url}`
    )
    await expect(page.getByText('The token is sent only to this host.')).toBeVisible()

    await page.getByRole('textbox', { name: 'Inventory host' }).fill(other)
    await expect(
      page.getByText('The saved secret belongs to the inventory host it was saved for; after saving this one, enter the secret again.')
    ).toBeVisible()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(
      page
        .getByRole('status')
        .getByText(`The secret was saved for the inventory host ${demoApi.url}, so its token is never sent to ${other}`)
    ).toBeVisible()
    await expect(page.getByLabel('Client secret', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('combobox', { name: 'Environment' }).selectOption('sandbox')
    await expect(
      page.getByText(
        'A client secret is sent only to the identity and inventory hosts it was saved for: after either host changes, save the secret again in Settings.'
      )
    ).toBeVisible()
  })
})
