import type { Locator, Page } from '@playwright/test'
import { withDirectAccess } from '../src/main/history/test-support/direct-history'
import { ENDED_WITH_NO_FIGURES, sampleLines, sampleLookup } from '../src/main/history/test-support/sample-lookups'
import type { LookupState } from '../src/shared/domain/lookup-summary'
import { expect } from './fixtures'
import type { Harness } from './harness/start-harness'
import { runDemoLookup } from './results-support'

/** Opens History from the header; the keyboard lands on its heading. */
export async function openHistory(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'History', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeFocused()
}

export function historyTable(page: Page): Locator {
  return page.getByRole('table', { name: 'History' })
}

/** The History row of one lookup, found by the checkbox that names it. */
export function historyRow(page: Page, jobId: string): Locator {
  return historyTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Choose lookup ${jobId} to compare`, exact: true }) })
}

/** The data rows of History, top to bottom. */
export function historyRows(page: Page): Locator {
  return historyTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') })
}

/** The ids of the lookups History keeps, newest first, as main has them. */
export function storedIds(harness: Harness): string[] {
  return harness.root.services.history.list().map((lookup) => String(lookup.id))
}

/** Values searched by the Demo API so far: what proves a step asked the API nothing. */
export async function demoValuesSearched(harness: Harness): Promise<number> {
  return (await (await harness.root.services.demoApi()).stats()).valuesSearched
}

/** Writes a stopped lookup straight into History, as an older run of the app left it (`startedAt` in the past). */
export function writeStoppedLookup(
  harness: Harness,
  options: { startedAt: number; state: Exclude<LookupState, 'running'>; lines?: number }
): string {
  const history = withDirectAccess(harness.root.services.history, Date.now)
  const lookup = history.createLookup(sampleLookup(sampleLines(options.lines ?? 3), { startedAt: options.startedAt }))
  history.finishRun(lookup.id, options.state, ENDED_WITH_NO_FIGURES)
  return String(lookup.id)
}

/** Runs a Demo lookup of `values` for `store` from the entry form, opening the form first when it is folded. */
export async function lookUp(page: Page, store: string, values: readonly string[]): Promise<void> {
  const edit = page.getByRole('button', { name: 'Edit', exact: true })
  if (await edit.isVisible()) await edit.click()
  await page.getByRole('textbox', { name: 'Stores' }).fill(store)
  await runDemoLookup(page, values)
}
