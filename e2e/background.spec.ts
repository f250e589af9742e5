import { expectNoSeriousAxeViolations } from './workspace-support'
import { expect, test } from './fixtures'
import { historyRows, openHistory } from './history-support'

/**
 * Running in the background: the two settings (off by default) and what main asks of the OS for
 * them. The harness stands in for the tray and the login item, recording what main asks and letting
 * the test choose in the tray's menu as a click does; the Electron suite checks the real ones.
 */
test.describe('running in the background', () => {
  test('is off by default; turned on, the tray offers Open, Run now for each watchlist, Pause schedules and Quit', async ({
    page,
    harness
  }) => {
    // At start the login item is turned off (in case an earlier version left it on), and there is no tray.
    expect(harness.background.loginItem()).toEqual([false])
    expect(harness.background.tray()).toBeNull()
    await harness.root.services.watchlists.saveForm({
      name: 'Morning check',
      environment: 'demo',
      itemType: 'gtin',
      stores: { kind: 'list', stores: [1234] },
      lowStockLevel: 5,
      lines: [
        { line: 1, input: '00012345678905' },
        { line: 2, input: '614141000036' }
      ]
    })

    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const section = page.getByRole('region', { name: 'Running in the background' })
    const keep = section.getByRole('checkbox', { name: 'Keep running when the window is closed' })
    const login = section.getByRole('checkbox', { name: 'Open at login' })
    const paused = section.getByRole('checkbox', { name: 'Pause schedules' })
    await expect(keep).not.toBeChecked()
    await expect(login).not.toBeChecked()
    await expect(keep).toHaveAccessibleDescription(/Watchlists then run on their schedules with the window closed/)
    await expectNoSeriousAxeViolations(page)

    await keep.check()
    await expect
      .poll(() => harness.background.tray())
      .toEqual(['Open Store Inventory Lookup', '---', 'Run now: Morning check', '---', 'Pause schedules', 'Quit'])
    await login.check()
    await expect.poll(() => harness.background.loginItem()).toEqual([false, true])

    // The tray's choices act through the same services as the window, and Settings, open, shows them at once.
    await harness.background.choose('Pause schedules')
    expect(harness.root.services.schedules.paused()).toBe(true)
    await expect(paused).toBeChecked()
    expect(harness.background.tray()).toContain('Resume schedules')
    await harness.background.choose('Resume schedules')
    await expect(paused).not.toBeChecked()
    await harness.background.choose('Pause schedules')
    await expect(paused).toBeChecked()
    await harness.background.choose('Run now: Morning check')
    await harness.background.choose('Open Store Inventory Lookup')
    await harness.background.choose('Quit')
    expect(harness.background.requests()).toEqual(['open window', 'quit'])

    // Reopened, the window shows the settings as the tray left them, and the run labelled with its watchlist.
    await page.reload()
    await openHistory(page)
    await expect(historyRows(page).first()).toContainText('Morning check')
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await expect(paused).toBeChecked()
    await paused.uncheck()
    await expect.poll(() => harness.root.services.schedules.paused()).toBe(false)
    await keep.uncheck()
    await expect.poll(() => harness.background.tray()).toBeNull()
  })
})
