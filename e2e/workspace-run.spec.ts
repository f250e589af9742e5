import { attachScreenshot, expect, test } from './fixtures'
import { expectNoSeriousAxeViolations, jobCounts, pasteValues, progressBar, validGtins, valuesBox } from './workspace-support'

test.describe('workspace: running a lookup', () => {
  test.describe('a long lookup', () => {
    // Long because of the server's rate window, whatever concurrency the scheduler reaches: 10 searches (1,000 values) a minute.
    test.use({ demoFaults: { latencyMs: 1500, rateLimitPerWindow: 10 } })

    test('5,000 values show progress, counts and rate, and Cancel keeps what arrived', async ({ page }, testInfo) => {
      await pasteValues(page, validGtins(5000))
      await expect(page.getByText('5,000 values: 5,000 valid')).toBeVisible()
      await page.getByRole('button', { name: 'Run lookup' }).click()

      const bar = progressBar(page)
      await expect(bar).toHaveAttribute('aria-valuemax', '5000')
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
      await expect(page.getByRole('heading', { name: /^Lookup · Demo · Store 1234 · \d\d:\d\d:\d\d$/ })).toBeVisible()
      await expect(page.getByText(/values\/s/)).toBeVisible()
      // The form folds into a summary while the lookup has the window.
      await expect(page.getByRole('region', { name: 'What was looked up' })).toContainText('Store 1234 · 5,000 values')
      await expect(page.getByRole('button', { name: 'Run lookup' })).toBeHidden()
      await expectNoSeriousAxeViolations(page)
      await attachScreenshot(page, testInfo, 'lookup running')

      await page.getByRole('button', { name: 'Cancel', exact: true }).click()
      await expect(page.getByRole('status').filter({ hasText: /^Lookup cancelled; / })).toBeAttached()
      const answered = Number(await bar.getAttribute('aria-valuenow'))
      expect(answered).toBeGreaterThan(0)
      expect(answered).toBeLessThan(5000)
      // The card counts the lines in the results, and the cancelled ones reach them once History has written them.
      await expect.poll(async () => (await jobCounts(page)).Cancelled).toBe(5000 - answered)
      const counts = await jobCounts(page)
      expect(counts.Found! + counts['Not found']!).toBe(answered)
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `Lookup cancelled; the ${answered.toLocaleString('en-US')} answers that arrived are kept.` })
      ).toBeAttached()
      await expect(page.getByRole('heading', { name: /^Results · Demo · Store 1234/ })).toBeVisible()
      await attachScreenshot(page, testInfo, 'lookup cancelled')
    })
  })

  test('failed values can be retried once the server recovers', async ({ page, harness }, testInfo) => {
    test.setTimeout(60_000)
    await harness.setDemoFaults({ serverErrorRate: 1 })
    await pasteValues(page, validGtins(120))
    await page.getByRole('button', { name: 'Run lookup' }).click()

    const alert = page.getByRole('alert').filter({ hasText: 'The server had an internal problem.' })
    await expect(alert).toBeVisible({ timeout: 45_000 })
    await expect(alert).toContainText('Retry failed')
    expect((await jobCounts(page)).Failed).toBe(120)
    await attachScreenshot(page, testInfo, 'lookup failed')
    await expectNoSeriousAxeViolations(page)

    await harness.setDemoFaults({ serverErrorRate: 0 })
    await page.getByRole('button', { name: 'Retry failed' }).click()
    await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: .* 0 failed\.$/ })).toBeAttached({ timeout: 30_000 })
    const counts = await jobCounts(page)
    expect(counts.Failed).toBe(0)
    expect(counts.Found! + counts['Not found']!).toBe(120)
    await expect(page.getByRole('button', { name: 'Retry failed' })).toBeHidden()
    await expect(alert).toBeHidden()
  })

  test('says in words that the server asked us to slow down, with a countdown', async ({ page, harness }, testInfo) => {
    // Two searches in a ten-minute window that starts now: the lookup is held for minutes whenever
    // the test runs. A window aligned to the minute held it for anything from 60 s to none at all.
    await harness.setDemoFaults({ rateLimitPerWindow: 2, rateWindowMs: 600_000, rateWindowOriginMs: Date.now() })
    await pasteValues(page, validGtins(400))
    await page.getByRole('button', { name: 'Run lookup' }).click()
    const notice = page.getByText(/^The server asked us to slow down; resuming in \d+ s\.$/)
    await expect(notice).toBeVisible({ timeout: 20_000 })
    const secondsLeft = async () => Number((await notice.innerText()).match(/in (\d+) s/)?.[1])
    const first = await secondsLeft()
    expect(first, 'the countdown starts from the minutes the server holds the lookup').toBeGreaterThan(60)
    await expect.poll(secondsLeft).toBeLessThan(first)
    await expect(
      page.getByRole('status').filter({ hasText: 'The server asked us to slow down; the lookup resumes by itself.' })
    ).toBeAttached()
    await attachScreenshot(page, testInfo, 'lookup throttled')
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: /^Lookup cancelled; / })).toBeAttached()
    await expect(notice).toBeHidden()
  })

  test('a lookup can be run with the keyboard alone', async ({ page }, testInfo) => {
    const box = valuesBox(page)
    let tabs = 0
    while (!(await box.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press('Tab')
      tabs += 1
      expect(tabs, 'the values box is reachable with Tab').toBeLessThan(30)
    }
    await page.keyboard.type('00012345678905\n4006381333931\n036000291452')
    const run = page.getByRole('button', { name: 'Run lookup' })
    tabs = 0
    while (!(await run.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press('Tab')
      tabs += 1
      expect(tabs, 'Run lookup is reachable with Tab').toBeLessThan(30)
    }
    const outline = await run.evaluate((element) => getComputedStyle(element).outlineStyle)
    expect(outline, 'focus is visible').not.toBe('none')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached()
    expect(await jobCounts(page)).toMatchObject({ Invalid: 0, Duplicate: 0, Failed: 0 })
    await attachScreenshot(page, testInfo, 'keyboard lookup finished')
    await expectNoSeriousAxeViolations(page)
  })
})
