import { expect, test } from '@playwright/test'
import { WEEKDAYS } from '../src/shared/schedules/schedule'
import { watchlistDefinitionSchema } from '../src/shared/watchlists/watchlist'
import { watchlistFileText } from '../src/shared/watchlists/watchlist-file'
import { executablePath, launchApp, MISSING_ELECTRON, newUserData, type AppGlobals } from './electron-support'
import { validGtins } from './workspace-support'

/**
 * The real OS notification after a scheduled run, in the real Electron app: a watchlist due at
 * the next minute runs by itself on the real clock, Electron's own Notification is shown (seen
 * through its `show`, which the test observes and leaves working), and a click on it opens that
 * run. The preview's stand-in for the same effect is checked in schedules.spec.ts.
 */
test.describe('the desktop notification after a scheduled run', () => {
  test.skip(executablePath === null, MISSING_ELECTRON)

  test('is shown by the OS with the watchlist’s name, and a click opens the run', async () => {
    test.setTimeout(180_000)
    const userData = newUserData()
    const { app, page } = await launchApp(userData.dir)
    try {
      await app.evaluate(({ Notification }) => {
        const shown: Array<{ title: string; body: string }> = []
        const show = Notification.prototype.show
        Notification.prototype.show = function (this: Electron.Notification) {
          shown.push({ title: this.title, body: this.body })
          ;(globalThis as { lastNotification?: Electron.Notification }).lastNotification = this
          show.call(this)
        }
        ;(globalThis as { shownNotifications?: typeof shown }).shownNotifications = shown
      })
      // Due at the next whole minute of the computer's own clock, every day, notifying always.
      const due = new Date(Date.now() + 60_000)
      const time = `${String(due.getHours()).padStart(2, '0')}:${String(due.getMinutes()).padStart(2, '0')}`
      const definition = watchlistDefinitionSchema.parse({
        name: 'Morning check',
        environment: 'demo',
        itemType: 'gtin',
        stores: { kind: 'list', stores: [100] },
        items: validGtins(5, 3).map((input) => ({ input, cells: [] })),
        lowStockLevel: 3,
        schedule: { enabled: true, days: [...WEEKDAYS], times: [time], notify: 'always' }
      })
      const bytes = [...new TextEncoder().encode(watchlistFileText(definition))]
      const imported = await page.evaluate(
        (file) => (globalThis as AppGlobals).inventory.importWatchlist({ fileName: 'morning.watchlist.json', bytes: new Uint8Array(file) }),
        bytes
      )
      expect(imported).toMatchObject({ ok: true })

      await expect
        .poll(() => app.evaluate(() => (globalThis as { shownNotifications?: unknown[] }).shownNotifications?.length ?? 0), {
          timeout: 150_000
        })
        .toBe(1)
      const [notification] = await app.evaluate(
        () => (globalThis as { shownNotifications?: Array<{ title: string; body: string }> }).shownNotifications ?? []
      )
      expect(notification).toEqual({ title: 'Morning check', body: 'first run done; the next run says what changed since this one' })

      await app.evaluate(() => (globalThis as { lastNotification?: Electron.Notification }).lastNotification?.emit('click'))
      await expect(page.locator('#job-progress-heading')).toBeFocused()
    } finally {
      await app.close()
      userData.remove()
    }
  })
})
