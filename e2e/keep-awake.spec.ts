import { expect, test } from './fixtures'
import { pasteValues, progressBar, validGtins } from './workspace-support'

/**
 * A long lookup keeps the computer awake: main holds the OS's power blocker (in the app,
 * Electron's powerSaveBlocker; here the harness's stand-in, which records what it is asked) while
 * a lookup runs, and lets go when none runs.
 */
test.describe('the computer stays awake during a lookup', () => {
  test.describe('a lookup that finishes', () => {
    test.use({ demoFaults: { latencyMs: 1000 } })

    test('is held awake from the start of the lookup and released when it finishes', async ({ page, harness }) => {
      expect(harness.keepAwakeEvents()).toEqual([])
      await pasteValues(page, validGtins(300, 17))
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached({ timeout: 60_000 })
      await expect
        .poll(() => harness.keepAwakeEvents())
        .toEqual([
          { event: 'held', runningLookups: 1 },
          { event: 'released', runningLookups: 0 }
        ])
    })
  })

  test.describe('a lookup that is cancelled', () => {
    // Searches wait longer than the test: the lookup runs until Cancel.
    test.use({ demoFaults: { latencyMs: 600_000 } })

    test('is held awake while it runs and released when Cancel stops it', async ({ page, harness }) => {
      await pasteValues(page, validGtins(300, 19))
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(progressBar(page)).toHaveAttribute('aria-valuemax', '300')
      await expect.poll(() => harness.keepAwakeEvents()).toEqual([{ event: 'held', runningLookups: 1 }])

      await page.getByRole('button', { name: 'Cancel', exact: true }).click()
      await expect(page.getByRole('status').filter({ hasText: /^Lookup cancelled; / })).toBeAttached()
      await expect
        .poll(() => harness.keepAwakeEvents())
        .toEqual([
          { event: 'held', runningLookups: 1 },
          { event: 'released', runningLookups: 0 }
        ])
    })
  })
})
