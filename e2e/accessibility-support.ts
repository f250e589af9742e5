import type { Page } from '@playwright/test'
import axe from 'axe-core'
import { expect } from './fixtures'

const PROBE = 'data-axe-probe'

/**
 * axe's serious and critical findings, one line each, on the page or on the part `include` selects.
 * axe is put into the page once and run there: a test checks dozens of hovered and focused controls,
 * and loading axe again for each would take most of its time.
 */
async function seriousFindings(page: Page, include?: string, rule?: string): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source)
  return page.evaluate(
    async ({ include, rule }) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run
      const { violations } = await run(include === undefined ? document : { include: [[include]] }, {
        ...(rule === undefined ? {} : { runOnly: { type: 'rule', values: [rule] } }),
        resultTypes: ['violations']
      })
      return violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`
        )
    },
    { include, rule }
  )
}

/**
 * Marks one control of each look on screen (same element, classes, role and state: hovering or
 * focusing one of them shows what hovering or focusing the others does) and returns their names.
 * Inside an open modal dialog only the dialog's controls count: nothing else can be reached.
 */
async function markControlsByLook(page: Page): Promise<string[]> {
  return page.evaluate((probe) => {
    for (const element of document.querySelectorAll(`[${probe}]`)) element.removeAttribute(probe)
    const modal = document.querySelector('dialog[open]')
    const scope: ParentNode = modal ?? document
    const candidates = scope.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, summary, [role="tab"], [role="textbox"], [role="separator"][tabindex], [tabindex="0"], [role="gridcell"], [role="columnheader"]'
    )
    const looks = new Set<string>()
    const marked: string[] = []
    for (const element of candidates) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || element.closest('[hidden], [inert]') !== null) continue
      const look = [
        element.tagName,
        element.className,
        element.getAttribute('type'),
        element.getAttribute('role'),
        element.getAttribute('aria-selected'),
        element.getAttribute('aria-pressed'),
        element.getAttribute('aria-expanded'),
        element.getAttribute('aria-checked'),
        element.hasAttribute('disabled'),
        element.parentElement?.className,
        element.closest('[data-tone]')?.getAttribute('data-tone'),
        element.closest('[data-status]')?.getAttribute('data-status'),
        element.closest('header') === null
      ].join('|')
      if (looks.has(look)) continue
      looks.add(look)
      element.setAttribute(probe, String(marked.length))
      marked.push(
        `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
      )
    }
    return marked
  }, PROBE)
}

/**
 * axe on the page as it is, then text contrast with each kind of control hovered and then focused
 * (focus reached by keyboard, so :focus-visible styles apply). Only serious and critical findings
 * fail. `state` names the screen in the failure message.
 */
export async function expectAccessibleWithHoverAndFocus(page: Page, state: string): Promise<void> {
  expect(await seriousFindings(page), `${state}: at rest`).toEqual([])
  const controls = await markControlsByLook(page)
  const problems: string[] = []
  for (const [index, name] of controls.entries()) {
    const selector = `[${PROBE}="${index}"]`
    const control = page.locator(selector)
    if (!(await control.isVisible())) continue
    await control.hover({ timeout: 5_000 }).catch(() => undefined)
    for (const finding of await seriousFindings(page, selector, 'color-contrast')) problems.push(`${name} hovered: ${finding}`)
    await page.mouse.move(0, 0)
    // A key press first, so the browser treats the focus as keyboard focus.
    await page.keyboard.press('Shift')
    await control.evaluate((element) => element.focus())
    for (const finding of await seriousFindings(page, selector, 'color-contrast')) problems.push(`${name} focused: ${finding}`)
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  expect(problems, `${state}: hovered and focused controls`).toEqual([])
}
