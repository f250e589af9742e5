import type { Page } from '@playwright/test'
import { attachScreenshot, expect, test } from './fixtures'
import type { Harness } from './harness/start-harness'
import { historyRow, openHistory, storedIds } from './history-support'
import { expectNoSeriousAxeViolations, replaceValues, validGtins } from './workspace-support'

/**
 * Schedules through the browser preview: a watchlist is given a schedule in the window, main's
 * clock (the harness's, which runs the schedules as the app's does) is moved past the slot, and
 * the run appears in History labelled Scheduled while the Watchlists screen says the next run.
 * Nothing waits on real time: moving the clock fires the scheduler's timer at once.
 */
const VALUES = validGtins(120, 61)
const STORES = ['100', '101']
const MINUTE = 60_000
/** A Monday morning in the machine's own time zone, which the harness's schedules read; the Demo's day follows the clock. */
const MONDAY_0658 = new Date(2025, 2, 17, 6, 58, 30).getTime()
const TUESDAY_0700 = new Date(2025, 2, 18, 7, 0, 30).getTime()

/** How many distinct items and stores `store:value` pairs touch. */
function spread(pairs: readonly string[]): { items: number; stores: number } {
  return { items: new Set(pairs.map((pair) => pair.split(':')[1])).size, stores: new Set(pairs.map((pair) => pair.split(':')[0])).size }
}
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

test.use({ clockStart: MONDAY_0658, demoDate: null })

async function saveWatchlist(page: Page, name: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Stores' }).fill(STORES.join(', '))
  await replaceValues(page, VALUES)
  await page.getByRole('button', { name: 'Save as watchlist' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save as watchlist' })
  await dialog.getByRole('textbox', { name: 'Watchlist name' }).fill(name)
  await dialog.getByRole('button', { name: 'Save watchlist' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Watchlist “${name}” saved` })).toBeVisible()
  await page.getByRole('button', { name: 'Watchlists', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Watchlists', level: 2 })).toBeFocused()
}

/** Moves main's clock and waits for the scheduled run it starts to end; returns its lookup id. */
async function advanceToRun(harness: Harness, move: () => void): Promise<string> {
  const before = storedIds(harness).length
  move()
  await expect.poll(() => storedIds(harness).length).toBe(before + 1)
  const [jobId = ''] = storedIds(harness)
  // History has the lookup as soon as it is created, before the runner holds its job (whenSettled then
  // has nothing to wait for) and before its watchlist origin is written: wait for History's own end.
  const { history } = harness.root.services
  await expect.poll(() => history.lookup(Number(jobId))?.state).toBe('finished')
  expect(history.origin(Number(jobId))?.scheduled).toBe('scheduled')
  await harness.root.services.lookups.whenSettled(jobId)
  return jobId
}

test.describe('Schedules', () => {
  test('a schedule set in the window runs at its time, labelled Scheduled in History, the next run is shown, and the next day notifies what changed', async ({
    page,
    harness
  }, testInfo) => {
    test.setTimeout(120_000)
    await saveWatchlist(page, 'Morning check')
    const row = page.getByRole('row', { name: /Morning check/ })
    await expect(row).toContainText('No schedule')

    await page.getByRole('button', { name: 'Schedule: Morning check' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule of “Morning check”' })
    await expect(dialog.getByRole('checkbox', { name: 'Run on this schedule' })).toBeFocused()
    // Working days at 07:00 to start with; the shortcuts set the days in one go.
    await expect(dialog.getByRole('checkbox', { name: 'Friday' })).toBeChecked()
    await expect(dialog.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked()
    await dialog.getByRole('button', { name: 'Every day' }).click()
    await expect(dialog.getByRole('checkbox', { name: 'Sunday' })).toBeChecked()
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await dialog.getByRole('checkbox', { name: day }).uncheck()
    }
    await dialog.getByRole('button', { name: 'Save schedule' }).click()
    await expect(dialog.getByRole('checkbox', { name: 'Monday' })).toBeFocused()
    await expect(dialog.getByRole('group', { name: 'Days' })).toHaveAccessibleDescription('Choose at least one day of the week.')
    await dialog.getByRole('button', { name: 'Monday to Friday' }).click()

    await dialog.getByRole('textbox', { name: 'Time 1' }).fill('7')
    await dialog.getByRole('button', { name: 'Add a time' }).click()
    await dialog.getByRole('textbox', { name: 'Time 2' }).fill('13:00')
    await dialog.getByRole('button', { name: 'Save schedule' }).click()
    const first = dialog.getByRole('textbox', { name: 'Time 1' })
    await expect(first).toBeFocused()
    await expect(first).toHaveAccessibleDescription('A time is written HH:MM on the 24-hour clock, such as 07:00 or 13:30.')
    await first.fill('7:00')
    await dialog.getByRole('button', { name: 'Add a time' }).click()
    await dialog.getByRole('button', { name: 'Remove time 3' }).click()
    await expect(dialog.getByRole('combobox', { name: 'Notify me' })).toHaveValue('newly_out_of_stock')
    await dialog.getByRole('combobox', { name: 'Notify me' }).selectOption({ label: 'Any change' })
    await expectNoSeriousAxeViolations(page)
    await dialog.getByRole('button', { name: 'Save schedule' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: 'Saved the schedule of “Morning check”.' })).toBeVisible()
    await expect(row).toContainText('Mon-Fri at 07:00 and 13:00')
    await expect(row).toContainText('Next run: Mon 07:00')
    await expectNoSeriousAxeViolations(page)

    const jobId = await advanceToRun(harness, () => harness.clock.advance(2 * MINUTE))
    // The screen follows schedules:changed: the run's end moves the next run on.
    await expect(row).toContainText('Next run: Mon 13:00')
    await attachScreenshot(page, testInfo, 'next run')
    await openHistory(page)
    await expect(historyRow(page, jobId)).toContainText('Watchlist: Morning check')
    await expect(historyRow(page, jobId)).toContainText('Scheduled')
    // A first run has nothing to compare with: no notification under "Any change".
    const notifications = page.getByRole('status', { name: 'Notifications' })
    await expect(notifications).toBeEmpty()
    expect(harness.notifications()).toEqual([])

    // Tuesday morning: the Demo's day moved on with the clock, so some stock changed.
    const second = await advanceToRun(harness, () => harness.clock.set(TUESDAY_0700))
    const since = await harness.root.services.watchlists.sinceLastRun(second)
    expect(since?.follows.id).toBe(Number(jobId))
    const out = spread(since?.pairs.newly_out_of_stock ?? [])
    const shelf = spread(since?.pairs.newly_shelf_empty ?? [])
    expect(since?.changed ?? 0).toBeGreaterThan(0)
    const parts = [
      out.items > 0 ? `${plural(out.items, 'item', 'items')} newly out of stock in ${plural(out.stores, 'store', 'stores')}` : null,
      shelf.items > 0
        ? `${plural(shelf.items, 'item', 'items')} newly shelf empty (backroom has stock) in ${plural(shelf.stores, 'store', 'stores')}`
        : null,
      `${plural(since?.changed ?? 0, 'store and item', 'stores and items')} changed in all`
    ].filter((part) => part !== null)
    const said = `Morning check: ${parts.join('; ')}`
    const notification = notifications.getByRole('button', { name: said, exact: true })
    await expect(notification).toBeVisible()
    expect(harness.notifications()).toEqual([{ title: 'Morning check', body: parts.join('; '), jobId: second }])
    await expectNoSeriousAxeViolations(page)
    await attachScreenshot(page, testInfo, 'notification')

    // Clicking it opens that run on "Since the last run", whose counts are the notification's.
    await notification.click()
    const region = page.getByRole('region', { name: 'Since the last run' })
    await expect(region).toBeVisible()
    await expect(region).toContainText(`Compared with lookup ${jobId}`)
    await expect(
      region.getByRole('button', { name: `Newly out of stock ${since?.counts.newly_out_of_stock ?? 0}`, exact: true })
    ).toBeVisible()
    await expect(
      region.getByRole('button', { name: `Newly shelf empty ${since?.counts.newly_shelf_empty ?? 0}`, exact: true })
    ).toBeVisible()
    await expect(notifications).toBeEmpty()
  })
})
