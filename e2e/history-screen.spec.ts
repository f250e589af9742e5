import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { attachScreenshot, expect, test } from './fixtures'
import { startHarness } from './harness/start-harness'
import { demoValuesSearched, historyRow, historyRows, lookUp, openHistory, storedIds, writeStoppedLookup } from './history-support'
import { jobCounts, pasteValues, progressBar, validGtins } from './workspace-support'
import { latestResults } from '../src/main/history/test-support/latest-results'

const DAY = 86_400_000

test.describe('History', () => {
  test('lists lookups newest first with their counts, finds one by a value it contained, and opens it as it finished without asking the API', async ({
    page,
    harness
  }, testInfo) => {
    const first = validGtins(30, 11)
    const second = validGtins(20, 12)
    await lookUp(page, '1234', first)
    await lookUp(page, '77', second)
    // A new lookup replaces the results on screen without asking: the earlier one is in History.
    await expect(
      page.getByRole('status').filter({ hasText: /^The previous lookup \(Demo · Store 1234 · [^)]+\) is in History\.$/ })
    ).toBeVisible()
    const [newer, older] = storedIds(harness)
    const stored = harness.root.services.history.list()

    await openHistory(page)
    const rows = historyRows(page)
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText(`Lookup ${newer}`)
    await expect(rows.nth(1)).toContainText(`Lookup ${older}`)
    for (const [index, lookup] of stored.entries()) {
      const cells = rows.nth(index).getByRole('cell')
      await expect(cells.nth(2)).toHaveText('Demo')
      await expect(cells.nth(3)).toHaveText(`Store ${lookup.stores[0]}`)
      await expect(cells.nth(4)).toHaveText(`${lookup.lines} GTINs`)
      await expect(cells.nth(5)).toHaveText(String(lookup.counts.found))
      await expect(cells.nth(6)).toHaveText(String(lookup.counts.not_found))
      await expect(cells.nth(7)).toHaveText('0')
      await expect(cells.nth(8)).toHaveText('0')
      await expect(cells.nth(9)).toHaveText('Finished')
    }
    await expect(page.getByText(/^History takes [\d.,]+ (KB|MB) on disk, in .+history\.sqlite\.$/)).toBeVisible()
    await attachScreenshot(page, testInfo, 'History')

    // A GTIN of the first lookup as a person types it: without the leading zero stored.
    const search = page.getByRole('searchbox', { name: 'Search History' })
    await search.fill((first[7] ?? '').replace(/^0/, ''))
    await expect(page.getByRole('status').filter({ hasText: /^1 lookup matches “/ })).toBeVisible()
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(`Lookup ${older}`)
    await search.fill('99999999999999')
    await expect(page.getByText('No lookup matches “99999999999999”.').first()).toBeVisible()
    await search.fill('')
    await expect(rows).toHaveCount(2)

    // Open with every search refused by the API: nothing is asked, so nothing fails.
    await harness.setDemoFaults({ serverErrorRate: 1 })
    const searched = await demoValuesSearched(harness)
    await historyRow(page, older ?? '')
      .getByRole('button', { name: `Open lookup ${older}`, exact: true })
      .click()
    const heading = page.getByRole('heading', { name: /^Lookup · Demo · Store 1234 · \d\d:\d\d:\d\d$/ })
    await expect(heading).toBeFocused()
    await expect(page.getByRole('status').filter({ hasText: `Opened from History: lookup ${older} (Demo · Store 1234 · ` })).toContainText(
      'as it finished. Nothing was looked up again.'
    )
    await expect(page.getByText('30 items', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Results · Demo · Store 1234 · / })).toBeVisible()
    const counts = await jobCounts(page)
    expect(counts.Found! + counts['Not found']!).toBe(30)
    expect(counts.Failed).toBe(0)
    await expect(page.getByRole('region', { name: 'What was looked up' })).toContainText('Store 1234 · 30 values')
    expect(await demoValuesSearched(harness)).toBe(searched)
    await attachScreenshot(page, testInfo, 'lookup opened from History')
  })

  test('Delete asks first and removes only the lookup confirmed; Ctrl+Shift+H opens History', async ({ page, harness }) => {
    await lookUp(page, '1234', validGtins(5, 21))
    await lookUp(page, '1234', validGtins(6, 22))
    const [newer, older] = storedIds(harness)
    await page.keyboard.press('ControlOrMeta+Shift+H')
    await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeFocused()

    const remove = page.getByRole('button', { name: `Delete lookup ${older}`, exact: true })
    await remove.click()
    const dialog = page.getByRole('dialog', { name: 'Delete this lookup?' })
    await expect(dialog).toContainText(`Lookup ${older} (Demo · Store 1234 · `)
    await expect(dialog).toContainText('5 GTINs will be removed from History')
    await expect(dialog.getByRole('button', { name: 'Keep lookup' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Keep lookup' }).click()
    await expect(dialog).toBeHidden()
    await expect(historyRows(page)).toHaveCount(2)
    expect(storedIds(harness)).toEqual([newer, older])

    await remove.click()
    await dialog.getByRole('button', { name: 'Delete lookup' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Deleted lookup ${older} (Demo · Store 1234 · ` })).toBeVisible()
    await expect(historyRows(page)).toHaveCount(1)
    await expect(historyRow(page, newer ?? '')).toBeVisible()
    expect(storedIds(harness)).toEqual([newer])
  })

  test.describe('a Demo API that answers three searches and holds the rest', () => {
    // The first 300 answers arrive and the other 2,700 values wait in searches held until they are
    // cancelled, so the lookup is running with answers in however fast it sends. A second of latency
    // and a longer one set after the first answer showed raced: a busy test saw that answer after the
    // lookup had sent, or even finished, every search.
    test.use({ demoFaults: { holdSearchesAfter: 3 } })

    test('Resume after Cancel asks only for the lines without an answer, under the same lookup, and every line ends once', async ({
      page,
      harness
    }, testInfo) => {
      test.setTimeout(120_000)
      await pasteValues(page, validGtins(3000, 31))
      await page.getByRole('button', { name: 'Run lookup' }).click()
      const bar = progressBar(page)
      await expect(bar).toHaveAttribute('aria-valuenow', '300')
      await page.getByRole('button', { name: 'Cancel', exact: true }).click()
      await expect(page.getByRole('status').filter({ hasText: /^Lookup cancelled; / })).toBeAttached()
      const [jobId] = storedIds(harness)
      // Cancel is announced with the answers on screen; the card counts the cancelled lines once History has written them.
      await expect.poll(async () => (await jobCounts(page)).Cancelled).toBe(2700)
      const cancelled = 2700

      await openHistory(page)
      const row = historyRow(page, jobId ?? '')
      await expect(row.getByRole('cell').nth(9)).toHaveText(`Cancelled${(3000 - cancelled).toLocaleString('en-US')} of 3,000 answered`)
      await attachScreenshot(page, testInfo, 'History with a cancelled lookup')
      await harness.setDemoFaults({ holdSearchesAfter: null })
      const searched = await demoValuesSearched(harness)
      await row.getByRole('button', { name: `Resume lookup ${jobId}`, exact: true }).click()

      await expect(page.getByRole('heading', { name: /^Lookup · Demo · Store 1234 · / })).toBeFocused()
      await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached({ timeout: 60_000 })
      const counts = await jobCounts(page)
      expect(counts.Cancelled).toBe(0)
      expect(counts.Found! + counts['Not found']!).toBe(3000)
      // Only the lines without an answer were asked, each once.
      expect((await demoValuesSearched(harness)) - searched).toBe(cancelled)
      const lines = await latestResults(harness.root.services.results, jobId ?? '')
      expect(lines.map((line) => line.line)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1))
      expect(lines.filter((line) => line.status !== 'found' && line.status !== 'not_found')).toEqual([])
      expect(storedIds(harness)).toEqual([jobId])

      await openHistory(page)
      await expect(
        historyRow(page, jobId ?? '')
          .getByRole('cell')
          .nth(9)
      ).toHaveText('Finished')
      await expect(historyRow(page, jobId ?? '').getByRole('button', { name: /^Resume/ })).toHaveCount(0)
    })

    test('a reload while a lookup runs leaves it running; the lookup screen offers to show it again', async ({ page, harness }) => {
      await pasteValues(page, validGtins(3000, 35))
      await page.getByRole('button', { name: 'Run lookup' }).click()
      await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '300')
      const [jobId] = storedIds(harness)
      await page.reload()

      const notice = page.getByRole('region', { name: 'Running lookup' })
      await expect(notice).toContainText(`Lookup ${jobId} (Demo · Store 1234 · `)
      await expect(notice).toContainText('is still running.')
      await notice.getByRole('button', { name: 'Show it' }).click()
      await expect(page.getByRole('heading', { name: /^Lookup · Demo · Store 1234 · / })).toBeFocused()
      await page.getByRole('button', { name: 'Cancel', exact: true }).click()
      await expect(page.getByRole('status').filter({ hasText: /^Lookup cancelled; / })).toBeAttached()
      await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible()
      expect(harness.root.services.history.list().map((lookup) => [String(lookup.id), lookup.state])).toEqual([[jobId, 'cancelled']])
    })
  })

  test('a lookup interrupted by closing the app shows as Interrupted when it starts again, and Resume finishes it', async ({
    page
  }, testInfo) => {
    test.setTimeout(120_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'inventory-e2e-interrupted-'))
    try {
      // Three searches are answered and the rest held until the app closes, so it closes mid-lookup.
      const before = await startHarness({ dataDir, secretStore: 'memory', demoFaults: { holdSearchesAfter: 3 } })
      let jobId: string
      try {
        await page.goto(before.url)
        await pasteValues(page, validGtins(3000, 41))
        await page.getByRole('button', { name: 'Run lookup' }).click()
        await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '300')
        jobId = storedIds(before)[0] ?? ''
      } finally {
        // The app closes with the lookup running, as quitting does.
        await before.close()
      }

      const after = await startHarness({ dataDir, secretStore: 'memory' })
      try {
        const [stored] = after.root.services.history.list()
        expect(stored).toMatchObject({ id: Number(jobId), state: 'interrupted' })
        const unanswered = stored?.counts.cancelled ?? 0
        expect(unanswered).toBe(2700)
        const answered = `${(3000 - unanswered).toLocaleString('en-US')} of 3,000 answered`

        await page.goto(after.url)
        const notice = page.getByRole('region', { name: 'Interrupted lookup' })
        await expect(notice).toContainText(`Lookup ${jobId} (Demo · Store 1234 · `)
        await expect(notice).toContainText(`was interrupted with ${answered}.`)
        await attachScreenshot(page, testInfo, 'interrupted lookup at start')

        await openHistory(page)
        const row = historyRow(page, jobId)
        await expect(row.getByRole('cell').nth(9)).toHaveText(`Interrupted${answered}`)
        await expect(row.getByRole('button', { name: `Resume lookup ${jobId}`, exact: true })).toBeVisible()
        await page.getByRole('button', { name: 'Back to lookup' }).click()

        await notice.getByRole('button', { name: 'Resume', exact: true }).click()
        await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached({ timeout: 60_000 })
        expect((await (await after.root.services.demoApi()).stats()).valuesSearched).toBe(unanswered)
        const lines = await latestResults(after.root.services.results, jobId)
        expect(lines).toHaveLength(3000)
        expect(lines.filter((line) => line.status !== 'found' && line.status !== 'not_found')).toEqual([])
        await expect(notice).toBeHidden()
      } finally {
        await after.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('the retention setting is kept, and lookups older than it are gone at the next start', async ({ page, harness }) => {
    const old = writeStoppedLookup(harness, { startedAt: Date.now() - 40 * DAY, state: 'cancelled' })
    const recent = writeStoppedLookup(harness, { startedAt: Date.now() - 10 * DAY, state: 'finished' })
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const days = page.getByRole('textbox', { name: 'Keep summaries for (days)' })
    const answerDays = page.getByRole('textbox', { name: 'Keep full answers for (days)' })
    await expect(days).toHaveValue('730')
    await expect(answerDays).toHaveValue('90')
    const save = page.getByRole('button', { name: 'Save History setting' })
    await days.fill('0')
    await save.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a whole number of days from 1 to 3,650.' })).toBeVisible()
    await expect(days).toHaveAttribute('aria-invalid', 'true')
    await days.fill('30')
    await save.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Full answers cannot be kept longer than summaries' })).toBeVisible()
    await expect(answerDays).toHaveAttribute('aria-invalid', 'true')
    await answerDays.fill('20')
    await save.click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Saved: full answers older than 20 days and lookups older than 30 days are removed when the app starts.' })
    ).toBeVisible()
    expect(harness.root.services.settings.current().settings.historyRetentionDays).toBe(30)
    expect(storedIds(harness)).toEqual([recent, old])

    const restarted = await startHarness({ dataDir: harness.dataDir, secretStore: 'memory' })
    try {
      expect(storedIds(restarted)).toEqual([recent])
      await page.goto(restarted.url)
      await openHistory(page)
      await expect(historyRows(page)).toHaveCount(1)
      await expect(historyRow(page, recent)).toBeVisible()
    } finally {
      await restarted.close()
    }
  })
})
