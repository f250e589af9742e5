import { readdirSync } from 'node:fs'
import { attachScreenshot, expect, test } from './fixtures'
import { startHarness } from './harness/start-harness'
import { expectValuesText, valuesBox } from './workspace-support'

/** What the app keeps between sessions in its History database: the list being entered, and a say when the file is damaged. */
test.describe('history: kept between sessions', () => {
  test('values typed but not run survive a reload and a restart of the app', async ({ page, harness }) => {
    await valuesBox(page).fill('00012345678905\n4006381333931\n036000291452')
    await expect(page.getByText('3 values: 3 valid', { exact: false })).toBeVisible()
    // Saved a moment after typing stops: wait for the draft to reach main, then reload.
    await expect
      .poll(() => (harness.root.services.history.loadDraft()?.draft as { text?: string } | undefined)?.text)
      .toBe('00012345678905\n4006381333931\n036000291452')
    await page.reload()
    await expectValuesText(page, '00012345678905\n4006381333931\n036000291452')

    // The app started again on the same data folder.
    const restarted = await startHarness({ dataDir: harness.dataDir, secretStore: 'memory' })
    try {
      await page.goto(restarted.url)
      await expectValuesText(page, '00012345678905\n4006381333931\n036000291452')
    } finally {
      await restarted.close()
    }
  })

  test.describe('with a damaged History file', () => {
    test.use({ historyFileText: 'This is not a SQLite database: a failing disk wrote over it.'.repeat(40) })

    test('the app starts with a new History, says so, and keeps the old file', async ({ page, harness }, testInfo) => {
      const warning = page.getByRole('alert').filter({ hasText: 'Your lookup history could not be read, so a new one was started' })
      await expect(warning).toContainText('the old file was kept as history-unreadable-')
      await attachScreenshot(page, testInfo, 'damaged history')
      expect(readdirSync(harness.dataDir).filter((name) => name.startsWith('history-unreadable-'))).toHaveLength(1)
      // The new History works: a lookup runs and is kept.
      await valuesBox(page).fill('00012345678905')
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect.poll(() => harness.root.services.history.list().map((lookup) => lookup.state)).toEqual(['finished'])
    })
  })
})
