import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type ElectronApplication, type Page } from '@playwright/test'
import { launchForEachTest, type AppGlobals } from './electron-support'
import { chipCount, gridRowCount, lookupValues, parseCsv, presetChip, renderedColumn, runDemoLookup, viewTab } from './results-support'
import { pasteValues, progressBar, validGtins } from './workspace-support'

/**
 * The app's tasks in the real window, through the real preload and IPC, the real save dialog's
 * caller, the real OS keychain and the real quit: first start, a Demo lookup, an export, a saved
 * secret, the window's place, and quitting mid-lookup. Each restart keeps the test's data folder.
 */

const QUIT_QUESTION = 'A lookup is running. Quit and resume it later?'
const CLOSE_QUESTION = 'Close without saving your Settings changes?'
const SAMPLE_STORES = '1234, 1235, 2001, 3050, 4100'

test.describe('the Electron app at work', () => {
  let app: ElectronApplication
  let page: Page
  const { dataDir, restart } = launchForEachTest((running) => ({ app, page } = running))

  test('first start is on Demo; a Demo lookup answers in the Items view, and Export writes what the view shows where the save dialog says', async () => {
    test.setTimeout(180_000)
    await expect(page.getByRole('heading', { level: 1, name: 'Store Inventory Lookup' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('demo')
    await expect(page.getByRole('region', { name: 'You are in Demo' })).toContainText('no credentials')

    await runDemoLookup(page, lookupValues())
    await expect(viewTab(page, 'Items')).toHaveAttribute('aria-selected', 'true')
    const notFound = presetChip(page, 'Not found')
    const expected = await chipCount(notFound)
    expect(expected).toBeGreaterThan(0)
    await notFound.click()
    await expect.poll(() => gridRowCount(page)).toBe(expected)
    const lines = await renderedColumn(page, 'Line')

    const target = join(dataDir(), 'not found.csv')
    await app.evaluate(({ dialog }, filePath) => {
      const asked: unknown[] = []
      Object.assign(globalThis, { saveDialogAsked: asked })
      // The dialog is the OS's; what the app does with its answer is real.
      dialog.showSaveDialog = async (...args: unknown[]) => {
        asked.push(args.at(-1))
        return { canceled: false, filePath }
      }
    }, target)
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const exportDialog = page.getByRole('dialog', { name: 'Export Items' })
    await exportDialog.getByRole('radio', { name: 'CSV' }).check()
    await exportDialog.getByRole('radio', { name: /^Rows shown/ }).check()
    await exportDialog.getByRole('button', { name: 'Save file' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Saved ${expected} rows to ${target}` })).toBeVisible()

    const asked = await app.evaluate(
      () => (globalThis as unknown as { saveDialogAsked: { filters?: { extensions: string[] }[] }[] }).saveDialogAsked
    )
    expect(asked).toHaveLength(1)
    expect(asked[0]?.filters).toEqual([expect.objectContaining({ extensions: ['csv'] })])
    const [header = [], ...records] = parseCsv(readFileSync(target, 'utf8'))
    expect(header.slice(0, 3)).toEqual(['Stock status', 'Input', 'On shelf'])
    expect(records.map((record) => record[0])).toEqual(records.map(() => 'Not found'))
    expect(records.map((record) => record[1])).toEqual(lines)
  })

  test('a secret is saved to the OS keychain and read back from it after a restart, never into the page', async () => {
    const clientId = `electron-e2e-${randomBytes(6).toString('hex')}`
    const secret = `CANARY-${randomBytes(12).toString('hex')}`
    const openSandboxSettings = async () => {
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await expect(page.getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true')
    }

    await openSandboxSettings()
    await page.getByRole('textbox', { name: 'Client ID' }).fill(clientId)
    await page.getByLabel('Client secret', { exact: true }).fill(secret)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Saved in OS keychain')).toBeVisible()

    await restart()
    await openSandboxSettings()
    await expect(page.getByRole('textbox', { name: 'Client ID' })).toHaveValue(clientId)
    await expect(page.getByText('Saved in OS keychain')).toBeVisible()
    const status = await page.evaluate(() => (globalThis as AppGlobals).inventory.getCredentialStatus({ environment: 'sandbox' }))
    expect(status).toMatchObject({ ok: true, value: { keychainAvailable: true } })
    expect(JSON.stringify(status)).not.toContain(secret)
    expect(await page.content()).not.toContain(secret)
    const settingsFile = join(dataDir(), 'settings.json')
    if (existsSync(settingsFile)) expect(readFileSync(settingsFile, 'utf8')).not.toContain(secret)

    // Leaves the keychain as it was.
    await page.getByRole('button', { name: 'Remove', exact: true }).click()
    await expect(page.getByText('The Sandbox secret was removed from the OS keychain.')).toBeVisible()
    await expect(page.getByText('Saved in OS keychain')).toHaveCount(0)
  })

  test('the window opens where and as large as it was when the app quit', async () => {
    const before = await app.evaluate(({ BrowserWindow, screen }) => {
      const area = screen.getPrimaryDisplay().workArea
      const window = BrowserWindow.getAllWindows()[0]
      window?.setBounds({ x: area.x + 40, y: area.y + 30, width: Math.min(1000, area.width - 80), height: Math.min(700, area.height - 60) })
      return window?.getBounds()
    })
    expect(before).toBeDefined()
    await restart()
    const after = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getBounds())
    expect(after).toEqual(before)
  })

  test('quitting during a lookup asks first; "Keep running" keeps it, "Quit" leaves it Interrupted, and Resume finishes it', async () => {
    test.setTimeout(600_000)
    // 5 stores x 200,000 values: long enough on any machine that the quit comes while it runs.
    await page.getByRole('textbox', { name: 'Stores' }).fill(SAMPLE_STORES)
    await pasteValues(page, validGtins(200_000))
    await expect(page.getByText(/^200,000 values: 200,000 valid, /)).toBeVisible()
    await page.getByRole('button', { name: 'Run lookup' }).click()
    await expect.poll(async () => Number(await progressBar(page).getAttribute('aria-valuenow'))).toBeGreaterThan(0)

    const answerQuitQuestion = (button: 'Quit' | 'Keep running') => answerMessageBoxes(app, button)
    const questionsAsked = () => messagesAsked(app)

    await answerQuitQuestion('Keep running')
    await app.evaluate(({ app: electronApp }) => electronApp.quit())
    await expect.poll(questionsAsked).toEqual([QUIT_QUESTION])
    expect(app.windows()).toHaveLength(1)
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible()

    await answerQuitQuestion('Quit')
    await restart()
    const [stopped] = await page.evaluate(async () => {
      const listed = await (globalThis as AppGlobals).inventory.listLookups({ limit: 1 })
      return listed.ok ? listed.value.lookups : []
    })
    expect(stopped).toMatchObject({ state: 'interrupted' })
    const notice = page.getByRole('region', { name: 'Interrupted lookup' })
    await expect(notice).toContainText(`Lookup ${stopped?.jobId ?? ''} (Demo · 5 stores · `)
    await expect(notice).toContainText(/was interrupted with [\d,]+ of 1,000,000 answered\./)

    await notice.getByRole('button', { name: 'Resume', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: /^Lookup finished: / })).toBeAttached({ timeout: 480_000 })
    const [finished] = await page.evaluate(async () => {
      const listed = await (globalThis as AppGlobals).inventory.listLookups({ limit: 1 })
      return listed.ok ? listed.value.lookups : []
    })
    expect(finished).toMatchObject({ jobId: stopped?.jobId, state: 'finished' })
  })

  test('closing the window with unsaved Settings edits asks first; "Keep editing" keeps it open, "Close without saving" closes', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('textbox', { name: 'Client ID' }).fill('typed-but-not-saved')
    const closeWindow = () => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close())

    await answerMessageBoxes(app, 'Keep editing')
    await closeWindow()
    await expect.poll(() => messagesAsked(app)).toEqual([CLOSE_QUESTION])
    await expect(page.getByRole('textbox', { name: 'Client ID' })).toHaveValue('typed-but-not-saved')

    await answerMessageBoxes(app, 'Close without saving')
    const closed = app.waitForEvent('close')
    await closeWindow()
    await closed
  })
})

/** The OS's message boxes, answered with the button the person would press; each question is kept for `messagesAsked`. */
function answerMessageBoxes(app: ElectronApplication, button: string): Promise<void> {
  return app.evaluate(({ dialog }, label) => {
    const asked: string[] = ((globalThis as unknown as { messagesAsked?: string[] }).messagesAsked ??= [])
    dialog.showMessageBoxSync = (...args: unknown[]) => {
      const options = args.at(-1) as { message: string; buttons: string[] }
      asked.push(options.message)
      return options.buttons.indexOf(label)
    }
  }, button)
}

function messagesAsked(app: ElectronApplication): Promise<string[]> {
  return app.evaluate(() => (globalThis as unknown as { messagesAsked?: string[] }).messagesAsked ?? [])
}
