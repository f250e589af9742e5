import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { attachScreenshot, E2E_DEMO_DATE, expect, test } from './fixtures'
import { startHarness } from './harness/start-harness'
import { openHistory, storedIds } from './history-support'
import { parseCsv, resultsGrid } from './results-support'
import { expectNoSeriousAxeViolations, validGtins } from './workspace-support'

const GTINS = validGtins(8, 61)

/** A supplier's order: its file columns before the figures, as the new user had it. */
function orderCsv(): Buffer {
  const rows = GTINS.map((gtin, index) => `${gtin},Sparkling water lemon and lime 12 x 355 ml no. ${index + 1},${index + 6},SUP-${index}`)
  return Buffer.from(['GTIN,Description,Case Pack,Supplier Item #', ...rows].join('\r\n'))
}

async function importAndRun(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import file' }).click()
  await (await chooser).setFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: orderCsv() })
  await page.getByRole('button', { name: 'Use this column' }).click()
  // The check of the list appears above Run lookup once it is done and moves it down: clicked before,
  // the click can land where the button was.
  await expect(page.getByRole('region', { name: 'Check before lookup' })).toContainText(`${GTINS.length} values: ${GTINS.length} valid`)
  await runAgain(page)
}

async function runAgain(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run lookup' }).click()
  await expect(page.getByText(`${GTINS.length} items`, { exact: true })).toBeVisible({ timeout: 60_000 })
}

/** The headers the grid draws, in screen order (the checkbox column has none). */
async function headers(page: Page): Promise<string[]> {
  const texts = await resultsGrid(page).getByRole('columnheader').allInnerTexts()
  return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '')
}

/** Whether the header is wholly inside the grid's box: seen without scrolling sideways. */
async function fullyInGrid(page: Page, name: string): Promise<boolean> {
  const grid = await resultsGrid(page).boundingBox()
  const header = await resultsGrid(page).getByRole('columnheader', { name, exact: true }).boundingBox()
  if (grid === null || header === null) return false
  return header.x >= grid.x - 0.5 && header.x + header.width <= grid.x + grid.width + 0.5 && header.width > 0
}

const FIRST_FIVE = ['Stock status', 'Item name', 'On shelf', 'Backroom', 'On hand']

test.describe('Columns that fit', () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  test('at 1366x768 the status, the name and the shelf figures fit; Columns hides and reorders, the export and a restart follow', async ({
    page,
    harness
  }, testInfo) => {
    await importAndRun(page)
    const grid = resultsGrid(page)
    expect((await headers(page)).slice(0, 7)).toEqual([...FIRST_FIVE, 'On order', 'In transit'])
    for (const name of FIRST_FIVE) expect(await fullyInGrid(page, name), `${name} is in view`).toBe(true)
    await attachScreenshot(page, testInfo, 'items at 1366x768')

    // Scrolled to the far right, the status and the item's name stay on the left.
    await grid.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
    await expect(grid.getByRole('columnheader', { name: 'Message', exact: true })).toBeVisible()
    for (const name of ['Stock status', 'Item name']) expect(await fullyInGrid(page, name), `${name} stays in view`).toBe(true)
    await grid.evaluate((element) => element.scrollTo({ left: 0 }))

    // Columns, by keyboard: hide Backroom, bring Line up beside the name.
    const columnsButton = page.getByRole('button', { name: 'Columns', exact: true })
    await columnsButton.click()
    const control = page.getByRole('group', { name: 'Columns of Items' })
    await expect(control.getByRole('checkbox')).toHaveCount(15)
    await control.getByRole('checkbox', { name: 'Backroom' }).focus()
    await page.keyboard.press('Space')
    await expect(control.getByRole('checkbox', { name: 'Backroom' })).not.toBeChecked()
    const lineEarlier = control.getByRole('button', { name: 'Move Line earlier' })
    await lineEarlier.focus()
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Enter')
      await expect(lineEarlier).toBeFocused()
    }
    await expectNoSeriousAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect(control).toBeHidden()
    await expect(columnsButton).toBeFocused()
    const chosen = ['Stock status', 'Item name', 'Line', 'On shelf', 'On hand', 'On order', 'In transit']
    await expect.poll(async () => (await headers(page)).slice(0, 7)).toEqual(chosen)
    expect(await headers(page)).not.toContain('Backroom')

    // What is on screen is what is exported: Backroom left out, Line where it was put.
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Items' })
    await dialog.getByRole('radio', { name: 'CSV' }).check()
    await dialog.getByRole('radio', { name: /^All rows/ }).check()
    await dialog.getByRole('button', { name: 'Save file' }).click()
    const saved = page.getByRole('status').filter({ hasText: /^Saved / })
    await expect(saved).toBeVisible()
    const path = /^Saved [\d,]+ rows? to (.+)$/.exec((await saved.textContent()) ?? '')?.[1] ?? ''
    const [header = [], ...rows] = parseCsv((await readFile(path)).subarray(3).toString('utf8'))
    expect(header).toEqual([...chosen, 'GTIN', 'Walmart item number', 'Input', 'As of', 'Case Pack', 'Supplier Item #', 'Message'])
    expect(rows).toHaveLength(GTINS.length)

    // The choice outlives a restart on the same data folder.
    const restarted = await startHarness({ dataDir: harness.dataDir, secretStore: 'memory', demoDate: E2E_DEMO_DATE })
    try {
      await page.goto(restarted.url)
      await runAgain(page)
      await expect.poll(async () => (await headers(page)).slice(0, 7)).toEqual(chosen)
      await page.getByRole('button', { name: 'Columns', exact: true }).click()
      await page.getByRole('group', { name: 'Columns of Items' }).getByRole('button', { name: 'Reset columns' }).click()
      await expect.poll(async () => (await headers(page)).slice(0, 5)).toEqual(FIRST_FIVE)
    } finally {
      await restarted.close()
    }
  })
})

test.describe('Columns in Compare', () => {
  // Wide enough that the grid draws every compared column, so the headers read are all of them.
  test.use({ viewport: { width: 1920, height: 1080 } })

  test('Compare keeps the name and the value in view, and its Columns choice is what it shows and exports', async ({ page, harness }) => {
    await importAndRun(page)
    await page.getByRole('button', { name: 'Edit' }).click()
    await runAgain(page)
    const [now] = storedIds(harness)
    await openHistory(page)
    await page.getByRole('button', { name: `Compare with previous: lookup ${now}`, exact: true }).click()
    const grid = page.getByRole('grid', { name: 'Compared values' })
    await expect.poll(async () => Number(await grid.getAttribute('aria-rowcount')) - 1).toBe(GTINS.length)
    const compared = async () =>
      (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '')
    const before = await compared()
    expect(before.slice(0, 2)).toEqual(['Item name', 'Value'])

    await page.getByRole('button', { name: 'Columns', exact: true }).click()
    const control = page.getByRole('group', { name: 'Columns of Compare' })
    await control.getByRole('checkbox', { name: 'Line' }).uncheck()
    await control.getByRole('button', { name: 'Move Change earlier' }).click()
    const shown = await compared()
    expect(shown).not.toContain('Line')
    expect(shown.indexOf('Change')).toBeLessThan(before.indexOf('Change'))

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Compare' })
    await dialog.getByRole('radio', { name: 'CSV' }).check()
    await dialog.getByRole('radio', { name: /^Rows shown/ }).check()
    await dialog.getByRole('button', { name: 'Save file' }).click()
    const saved = page.getByRole('status').filter({ hasText: /^Saved / })
    await expect(saved).toBeVisible()
    const path = /^Saved [\d,]+ rows? to (.+)$/.exec((await saved.textContent()) ?? '')?.[1] ?? ''
    const [header = []] = parseCsv((await readFile(path)).subarray(3).toString('utf8'))
    expect(header).toEqual(shown)
  })
})
