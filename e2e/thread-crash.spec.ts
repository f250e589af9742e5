import { runningThreads } from '../src/main/workers/thread-census'
import { expect, test } from './fixtures'
import { pasteValues, progressBar, validGtins } from './workspace-support'

/**
 * A part of the app that stops while the window is open: the Demo API's thread ended mid-lookup,
 * as a crash would end it, and one of Electron's processes gone (reached here through the effect
 * Electron's `child-process-gone` calls). The window says so in a sentence; the lookup is
 * Interrupted and Resume finishes it on a new thread; a gone process offers Reload.
 */
test.describe('a part of the app that stops', () => {
  test('the Demo API ended mid-lookup: the window says so, the lookup is Interrupted, and Resume finishes it', async ({
    page,
    harness
  }) => {
    // This Demo thread holds its searches: the lookup is under way when the thread ends. The next one answers at once.
    await harness.setDemoFaults({ latencyMs: 600_000 })
    await pasteValues(page, validGtins(300, 23))
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect(progressBar(page)).toHaveAttribute('aria-valuemax', '300')
    const [demo] = runningThreads('Demo API')
    await demo?.terminate()

    await expect(page.getByRole('alert').filter({ hasText: 'The Demo API stopped unexpectedly' })).toHaveText(
      /The Demo API stopped unexpectedly; a Demo lookup under way was paused with every answer kept, and can be resumed from History\. The details were written to the log\./
    )
    await expect(page.getByText('Interrupted', { exact: true })).toBeVisible({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Resume', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached({ timeout: 60_000 })
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'The Demo API stopped unexpectedly' })).toHaveCount(0)
  })

  test("one of Electron's processes gone: logged, and the window offers a reload that works", async ({ page, harness }) => {
    await expect(page.getByRole('button', { name: 'Run lookup' })).toBeVisible()
    harness.root.processGone({ type: 'GPU', reason: 'crashed', exitCode: 139 })
    const alert = page.getByRole('alert').filter({ hasText: 'A part of the app' })
    await expect(alert).toHaveText(/A part of the app \(its GPU process\) stopped unexpectedly; if the window looks wrong, reload it\./)
    await alert.getByRole('button', { name: 'Reload' }).click()
    await expect(page.getByRole('button', { name: 'Run lookup' })).toBeVisible()
    await expect(alert).toHaveCount(0)
    expect(await harness.readLog()).toMatch(/a process of the app stopped unexpectedly.*"type":"GPU".*"reason":"crashed"/)
  })
})
