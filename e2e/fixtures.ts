import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page, type TestInfo } from '@playwright/test'
import type { DemoFaults } from '../src/main/demo-api/demo-api'
import { createKeytarSecretStore } from '../src/main/credentials/keytar-secret-store'
import type { Logger } from '../src/main/logging/logger'
import { startHarness, type Harness } from './harness/start-harness'

/** keytar's native module failing to load, as on a Linux machine without libsecret. */
function keytarWithoutLibsecret(): never {
  throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory')
}

interface HarnessOptions {
  demoFaults: Partial<DemoFaults>
  /**
   * The Demo's day (`STORE_INVENTORY_DEMO_DATE`): one fixed day, so what the Demo answers does not
   * depend on the day the tests run; null follows the clock.
   */
  demoDate: string | null
  /** `missing`: the app's keychain store on a machine where keytar cannot load. */
  keychain: 'os' | 'missing'
  /** Written as settings.json before the harness starts, as a previous run (or a crash) left it. */
  settingsFileText: string | null
  /** Written as History's database file before the harness starts (e.g. one a failing disk damaged). */
  historyFileText: string | null
  /** Keep every message the harness sends the page, for `harness.messages()`. */
  recordMessages: boolean
  /** Where main's clock starts (epoch ms); null, now. */
  clockStart: number | null
}

/** The Demo's day in every end-to-end test that does not choose one. */
export const E2E_DEMO_DATE = '2025-03-14'

/**
 * Each test gets its own data folder, its own harness (real main services, real Demo API over
 * loopback, the real OS keychain) and a page opened on it.
 */
export const test = base.extend<HarnessOptions & { harness: Harness }>({
  demoFaults: [{}, { option: true }],
  demoDate: [E2E_DEMO_DATE, { option: true }],
  keychain: ['os', { option: true }],
  settingsFileText: [null, { option: true }],
  historyFileText: [null, { option: true }],
  recordMessages: [false, { option: true }],
  clockStart: [null, { option: true }],
  harness: async ({ demoFaults, demoDate, keychain, settingsFileText, historyFileText, recordMessages, clockStart }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inventory-e2e-'))
    if (settingsFileText !== null) writeFileSync(join(dataDir, 'settings.json'), settingsFileText)
    if (historyFileText !== null) writeFileSync(join(dataDir, 'history.sqlite'), historyFileText)
    // The real OS keychain, under a service name of its own so tests never touch the app's entries.
    const secretStore = (log: Logger) =>
      createKeytarSecretStore({
        service: 'store-inventory-lookup-tests',
        log,
        ...(keychain === 'missing' ? { loadKeytar: keytarWithoutLibsecret } : {})
      })
    const harness = await startHarness({
      dataDir,
      demoFaults,
      demoDate,
      secretStore,
      recordMessages,
      ...(clockStart === null ? {} : { clockStart })
    })
    await use(harness)
    await harness.close()
    rmSync(dataDir, { recursive: true, force: true })
  },
  page: async ({ page, harness }, use) => {
    await page.goto(harness.url)
    await use(page)
  }
})

export { expect }

/** Keeps a screenshot of the current screen with the test's results. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' })
}
