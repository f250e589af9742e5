import type { Locator, Page } from '@playwright/test'
import type { LineResult } from '../src/shared/domain/line-result'
import { expect } from './fixtures'
import type { Harness } from './harness/start-harness'
import { expectedItems, lineResults, type ExpectedItem } from './results-support'
import { replaceValues } from './workspace-support'

/** The Demo sample group: five stores the Demo API gives different stock. */
export const STORES = [1234, 1235, 2001, 3050, 4100]
/** The shape beside each status (the screen's legend), so a status reads without its colour. */
export const ICONS: Readonly<Record<string, string>> = {
  'Out of stock': '○',
  'Shelf empty, backroom has stock': '◐',
  'Low stock': '◔',
  'In stock': '●',
  'Not found': '?',
  Failed: '✕',
  Cancelled: '–'
}
export const FOUND_STATUSES = new Set(['Out of stock', 'Shelf empty, backroom has stock', 'Low stock', 'In stock'])

export function tab(page: Page, name: 'Items' | 'By item' | 'Locations' | 'Stores' | 'Matrix'): Locator {
  return page.getByRole('tablist', { name: 'Results view' }).getByRole('tab', { name })
}

/** The in-stock rate as the screen writes it: found values with On hand above zero over found values, one decimal. */
export function rateText(found: number, withStock: number): string {
  return found === 0 ? '' : `${(Math.round((withStock / found) * 1000) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`
}

/** A Matrix cell as read: On hand with a word when it needs attention, the outcome in words when nothing was found. */
export function matrixText(item: ExpectedItem | undefined): string {
  if (item === undefined) return ''
  if (!FOUND_STATUSES.has(item.status)) return item.status
  const onHand = (item.onHand ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 })
  const word = { 'Out of stock': ' Out', 'Shelf empty, backroom has stock': ' Shelf empty', 'Low stock': ' Low' }[item.status] ?? ''
  return `${onHand}${word}`
}

/** The Items view of each store, worked out from main's raw results by the rules. */
export function itemsByStore(results: readonly LineResult[]): Map<number, Map<number, ExpectedItem>> {
  const byStore = new Map<number, Map<number, ExpectedItem>>()
  for (const store of STORES) {
    const items = expectedItems(results.filter((result) => result.storeNbr === store))
    byStore.set(store, new Map(items.map((item) => [item.line, item])))
  }
  return byStore
}

/** Lines every store looked up (not invalid, not a repeat of an earlier line). */
export function lookedUpLines(byStore: Map<number, Map<number, ExpectedItem>>): number[] {
  const first = byStore.get(STORES[0] as number) ?? new Map<number, ExpectedItem>()
  return [...first.values()].filter((item) => item.status !== 'Invalid' && item.status !== 'Duplicate').map((item) => item.line)
}

/** Exports the current view through the dialog; returns the saved file and the row count the status line reports. */
export async function exportVia(
  page: Page,
  view: 'Items' | 'By item' | 'Matrix' | 'Stores',
  format: 'CSV' | 'Excel (XLSX)',
  scope: 'Rows shown' | 'All rows'
): Promise<{ path: string; rows: number }> {
  const status = page.getByRole('status').filter({ hasText: /^Saved / })
  // The line of an earlier export stays until this one is saved.
  const before = (await status.count()) > 0 ? await status.textContent() : null
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Export ${view}` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: format }).check()
  await dialog.getByRole('radio', { name: new RegExp(`^${scope}`) }).check()
  await dialog.getByRole('button', { name: 'Save file' }).click()
  await expect(dialog).toBeHidden()
  if (before !== null) await expect(status).not.toHaveText(before)
  await expect(status).toHaveText(new RegExp(`^Saved [\\d,]+ rows? to .+\\.${format === 'CSV' ? 'csv' : 'xlsx'}$`))
  const match = /^Saved ([\d,]+) rows? to (.+)$/.exec((await status.textContent()) ?? '')
  return { rows: Number(match?.[1]?.replaceAll(',', '')), path: match?.[2] ?? '' }
}

/** Looks `values` up at the Demo sample stores from the form, waits until all five are done, and returns the lookup's results as History keeps them. */
export async function runManyStoreLookup(page: Page, harness: Harness, values: readonly string[]): Promise<LineResult[]> {
  await replaceValues(page, values)
  await page
    .getByRole('combobox', { name: 'Store group' })
    .selectOption({ label: 'Demo sample stores (5 stores: 1234, 1235, 2001, 3050, 4100)' })
  await expect(page.getByRole('textbox', { name: 'Stores' })).toHaveAccessibleDescription('5 stores · group Demo sample stores')
  await page.getByRole('button', { name: 'Run lookup' }).click()
  // The progress says how many stores are done, as they finish, until all five are.
  await expect(page.getByText(/Stores done [0-5] of 5/)).toBeVisible()
  await expect(page.getByText(/Stores done 5 of 5/)).toBeVisible({ timeout: 90_000 })
  await expect(page.getByRole('progressbar', { name: 'Lookup progress' })).toHaveAttribute('aria-valuetext', /, stores done 5 of 5$/)
  await expect(tab(page, 'Matrix')).toBeVisible()
  return lineResults(harness)
}
