import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page, type TestInfo } from '@playwright/test'
import type { DemoFaults } from '../src/main/demo-api/demo-api'
import { startHarness, type Harness } from './harness/start-harness'

/**
 * Each test gets its own data folder, its own harness (real main services, real Demo API over
 * loopback, the real OS keychain) and a page opened on it.
 */
export const test = base.extend<{ demoFaults: Partial<DemoFaults>; harness: Harness }>({
  demoFaults: [{}, { option: true }],
  harness: async ({ demoFaults }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inventory-e2e-'))
    const harness = await startHarness({ dataDir, demoFaults })
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
