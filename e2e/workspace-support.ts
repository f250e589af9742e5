import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/** axe-core on the whole page as it is now; only serious and critical findings fail the test. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  const described = serious.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`
  )
  expect(described).toEqual([])
}

export function gtinCheckDigit(dataDigits: string): number {
  let sum = 0
  for (let i = 0; i < dataDigits.length; i += 1) {
    const digit = Number(dataDigits[dataDigits.length - 1 - i])
    sum += i % 2 === 0 ? digit * 3 : digit
  }
  return (10 - (sum % 10)) % 10
}

/** `count` distinct, well-formed 14-digit GTINs. */
export function validGtins(count: number, seed = 7): string[] {
  const values: string[] = []
  for (let i = 0; i < count; i += 1) {
    const data = `0${String(40_000_000_000 + seed * 1_000_003 + i * 7_919).padStart(12, '0')}`
    values.push(`${data}${gtinCheckDigit(data)}`)
  }
  return values
}

export function valuesBox(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Values to look up' })
}

/**
 * Replaces the whole list in the values box. Playwright's `fill` selects the editor's DOM contents,
 * which hold only the lines in view (CodeMirror draws no others): in a box already holding a longer
 * list it replaced those lines and kept the rest (120 values typed over 120 became 205). So the list
 * is first selected and deleted with the keyboard, as a person does.
 */
export async function replaceValues(page: Page, values: readonly string[]): Promise<void> {
  const box = valuesBox(page)
  await box.press('ControlOrMeta+a')
  await box.press('Delete')
  await expect(box).toHaveText('')
  await box.fill(values.join('\n'))
}

/** Puts a list into the values box as a paste does: one clipboard paste with the whole text. */
export async function pasteValues(page: Page, values: readonly string[]): Promise<void> {
  await valuesBox(page).evaluate((box, text) => {
    const data = new DataTransfer()
    data.setData('text/plain', text)
    box.focus()
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, values.join('\n'))
}

/**
 * Expects the values box to hold exactly this text (lines joined by \n), or text matching the pattern.
 * The box is an editor that draws the lines in view, so this suits short lists only; its rendered
 * text ends in a line break when its last line is empty.
 */
export async function expectValuesText(page: Page, expected: string | RegExp): Promise<void> {
  const pattern = typeof expected === 'string' ? new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n?$`) : expected
  await expect(valuesBox(page)).toHaveText(pattern, { useInnerText: true })
}

export function progressBar(page: Page): Locator {
  return page.getByRole('progressbar', { name: 'Lookup progress' })
}

/** The counts the lookup's progress panel shows, by label ("Found", "Failed", ...). */
export async function jobCounts(page: Page): Promise<Record<string, number>> {
  const panel = page.getByRole('region', { name: /^Lookup · / })
  const terms = await panel.getByRole('term').allInnerTexts()
  const values = await panel.getByRole('definition').allInnerTexts()
  return Object.fromEntries(terms.map((term, index) => [term.trim(), Number((values[index] ?? '').replace(/[^\d]/g, ''))]))
}
