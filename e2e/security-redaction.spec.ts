import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { startEchoingApi, type EchoingApi } from '../src/main/http/test-support/echoing-api'
import { attachScreenshot, expect, test } from './fixtures'
import { lastJobId } from './results-support'
import { defaultExportSpec } from '../src/shared/export/build-export'
import { DEFAULT_LOW_STOCK_LEVEL } from '../src/shared/stock/stock-status'

const SECRET = 'CANARY-e2e-secret "q\\/+= x~'
const TOKEN = 'CANARY.e2e-token.abc'
const CANARIES = [SECRET, TOKEN, 'CANARY-e2e', 'CANARY.e2e', encodeURIComponent(SECRET)]

async function keychainAvailable(page: Page): Promise<boolean> {
  const status = await page.evaluate(() => window.inventory.getCredentialStatus({ environment: 'sandbox' }))
  return status.ok && status.value.keychainAvailable
}

async function expectNoCanaryOnPage(page: Page): Promise<void> {
  const seen = [
    await page.content(),
    await page.evaluate(() => document.body.innerText),
    await page.evaluate(() =>
      [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value).join('\n')
    )
  ].join('\n')
  for (const canary of CANARIES) expect(seen).not.toContain(canary)
}

async function exportedText(dir: string): Promise<string> {
  const texts: string[] = []
  for (const name of await readdir(dir)) {
    const path = join(dir, name)
    if (name.endsWith('.xlsx')) {
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.readFile(path)
      workbook.eachSheet((sheet) => sheet.eachRow((row) => texts.push(JSON.stringify(row.values))))
    } else {
      texts.push(await readFile(path, 'utf8'))
    }
  }
  return texts.join('\n')
}

test.describe('security: a server that echoes the request', () => {
  // Everything sent to the page is searched for the secret and the token.
  test.use({ recordMessages: true })
  let api: EchoingApi
  test.beforeEach(async () => {
    api = await startEchoingApi({ format: 'json', token: TOKEN, tokenStatus: 401, searchStatus: 401 })
  })
  test.afterEach(async () => {
    await api.close()
  })

  test('its messages are shown with the secret and token removed, on screen, in exports and in the log', async ({
    page,
    harness
  }, testInfo) => {
    test.skip(
      !(await keychainAvailable(page)),
      'No OS keychain (Secret Service) is reachable here; npm test starts a throwaway gnome-keyring for this test.'
    )

    await test.step('the connection test shows what the identity server said, redacted', async () => {
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await page.getByRole('textbox', { name: 'Identity host' }).fill(api.url)
      await page.getByRole('textbox', { name: 'Inventory host' }).fill(api.url)
      await page.getByRole('textbox', { name: 'Client ID' }).fill('client-echo')
      await page.getByLabel('Client secret', { exact: true }).fill(SECRET)
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(page.getByText('Saved in OS keychain')).toBeVisible()
      await page.getByRole('button', { name: 'Test connection' }).click()
      const alert = page.getByRole('alert').filter({ hasText: 'Rejected request.' })
      await expect(alert).toContainText('client_secret=[redacted]')
      await attachScreenshot(page, testInfo, 'echoed secret, redacted')
      await expectNoCanaryOnPage(page)
    })

    await test.step('a lookup whose searches echo the token fails with the message redacted', async () => {
      api.configure({ tokenStatus: undefined })
      await page.getByRole('button', { name: 'Done' }).click()
      await page.getByRole('combobox', { name: 'Environment' }).selectOption('sandbox')
      await page.getByRole('textbox', { name: 'Values to look up' }).fill('00012345678905\n4006381333931')
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Lookup finished' })).toBeAttached()
      await expect(page.getByText('Rejected request.').first()).toBeVisible()
      await expectNoCanaryOnPage(page)
    })

    await test.step('exports, everything sent to the page, and the log hold neither', async () => {
      const jobId = lastJobId(harness)
      for (const format of ['csv', 'json', 'xlsx'] as const) {
        const view = defaultExportSpec('items', [], DEFAULT_LOW_STOCK_LEVEL)
        const saved = await page.evaluate((input) => window.inventory.exportResults(input), { jobId, format, view })
        expect(saved).toMatchObject({ ok: true, value: { saved: true } })
      }
      const exported = await exportedText(harness.exportDir)
      expect(exported).toContain('[redacted]')
      const log = await harness.readLog()
      for (const canary of CANARIES) {
        expect(exported).not.toContain(canary)
        expect(log).not.toContain(canary)
        for (const message of harness.messages()) expect(message).not.toContain(canary)
      }
    })
  })
})
