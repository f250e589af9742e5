import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { LineResult } from '../src/shared/domain/line-result'
import { attachScreenshot, expect, test } from './fixtures'
import { startHarness, type Harness } from './harness/start-harness'
import { lookUp, openHistory, storedIds } from './history-support'
import { validGtins } from './workspace-support'

/**
 * The Demo changes by day: STORE_INVENTORY_DEMO_DATE, read when the app (here the browser preview's
 * harness) starts, sets the day, and the same data folder opened on another day answers some items
 * otherwise and most the same.
 */
const VALUES = validGtins(300, 83)

/** Each line's answer as a person compares them: status and location rows, by value. */
async function answers(harness: Harness, jobId: string): Promise<Map<string, string>> {
  const { entries } = await harness.root.services.results.page(jobId, 0)
  return new Map(
    entries.map((entry: LineResult) => [entry.value ?? entry.input, JSON.stringify([entry.status, entry.item?.inventory_locations])])
  )
}

async function lookUpOnce(page: Page, harness: Harness): Promise<string> {
  const before = storedIds(harness).length
  await page.goto(harness.url)
  await lookUp(page, '1234', VALUES)
  // The page may still show the previous lookup of the same values: wait for this one in History.
  await expect.poll(() => storedIds(harness).length).toBe(before + 1)
  const [jobId = ''] = storedIds(harness)
  await harness.root.services.lookups.whenSettled(jobId)
  return jobId
}

/** Sets the variable for one harness start in this worker, as a shell would for `npm run preview:web`. */
async function withDemoDateVariable<T>(value: string, start: () => Promise<T>): Promise<T> {
  const before = process.env.STORE_INVENTORY_DEMO_DATE
  process.env.STORE_INVENTORY_DEMO_DATE = value
  try {
    return await start()
  } finally {
    if (before === undefined) delete process.env.STORE_INVENTORY_DEMO_DATE
    else process.env.STORE_INVENTORY_DEMO_DATE = before
  }
}

test.describe('A Demo that changes by day', () => {
  test('the same data folder started on the next day answers some items otherwise and most the same; the same day answers the same', async ({
    page
  }, testInfo) => {
    test.setTimeout(150_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'inventory-e2e-demo-day-'))
    try {
      const first = await startHarness({ dataDir, secretStore: 'memory', demoDate: '2025-03-14' })
      let before: Map<string, string>
      let sameDay: Map<string, string>
      try {
        before = await answers(first, await lookUpOnce(page, first))
        sameDay = await answers(first, await lookUpOnce(page, first))
      } finally {
        await first.close()
      }
      expect(sameDay).toEqual(before)

      // Started without a day, the harness reads STORE_INVENTORY_DEMO_DATE as the preview does.
      const next = await withDemoDateVariable('2025-03-15', () => startHarness({ dataDir, secretStore: 'memory' }))
      try {
        const jobId = await lookUpOnce(page, next)
        const after = await answers(next, jobId)
        expect([...after.keys()]).toEqual([...before.keys()])
        const changed = [...after].filter(([value, answer]) => before.get(value) !== answer).length
        expect(changed).toBeGreaterThan(0)
        expect(changed).toBeLessThan(VALUES.length * 0.2)

        // History's Compare says so too: a few values changed, most unchanged.
        const [, then = ''] = storedIds(next)
        const { counts } = await next.root.services.comparisons.compare(Number(then), Number(jobId), 3)
        expect(counts.unchanged).toBeGreaterThan(VALUES.length * 0.8)
        expect(counts.unchanged).toBeLessThan(VALUES.length)
        await openHistory(page)
        await page.getByRole('button', { name: `Compare with previous: lookup ${jobId}`, exact: true }).click()
        await expect(page.getByRole('heading', { name: 'Compare', level: 2 })).toBeFocused()
        const unchanged = page.getByRole('group', { name: 'Changes' }).getByRole('button', { name: /^Unchanged [\d,]+$/ })
        await expect(unchanged).toHaveText(new RegExp(`^Unchanged\\s*${counts.unchanged}$`))
        await attachScreenshot(page, testInfo, 'Compare across two Demo days')
      } finally {
        await next.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('a STORE_INVENTORY_DEMO_DATE that is no date stops the harness and the preview at start with a sentence', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inventory-e2e-demo-day-bad-'))
    const sentence =
      'STORE_INVENTORY_DEMO_DATE is "2025-14-03", which is not a date: write it as YYYY-MM-DD (for example 2025-03-14), or leave it unset for today.'
    try {
      await expect(startHarness({ dataDir, secretStore: 'memory', demoDate: '2025-14-03' })).rejects.toThrow(sentence)
      const preview = spawn(join('node_modules', '.bin', 'tsx'), ['e2e/harness/preview-web.ts'], {
        env: { ...process.env, STORE_INVENTORY_DEMO_DATE: '2025-14-03', PREVIEW_DATA_DIR: dataDir, PREVIEW_SECRET_STORE: 'memory' },
        stdio: ['ignore', 'pipe', 'pipe']
      })
      let stderr = ''
      preview.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const code = await new Promise<number | null>((resolve) => preview.on('close', resolve))
      expect(code).toBe(2)
      expect(stderr).toBe(`Error: ${sentence}\n`)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
