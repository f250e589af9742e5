import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { startHarness, type Harness } from '../e2e/harness/start-harness'
import { validGtins } from '../src/main/jobs/test-support/gtin-fixtures'
import { MAX_JOB_LINES } from '../src/shared/limits'

/**
 * Entry benchmark (part of `npm run bench:grid`; not a test). Drives the real app in Chromium
 * through the browser harness (real main services, Demo API over loopback) and prints, for a
 * 200,000-value list: the time from paste to the count and to the validation summary, the longest
 * main-thread task of the window meanwhile (long tasks, PerformanceObserver), the time from each key
 * typed at the end of the list to the frame that shows it, and the time from pressing Cancel during
 * a 200,000-value lookup to the lookup shown as cancelled.
 * Options: `--values N` (default 200000), `--runs N` page loads (default 3, median shown).
 */

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? undefined : Number(process.argv[index + 1])
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback
}

const VALUES = option('values', 200_000)
const RUNS = option('runs', 3)
const KEYS = '4006381333931'

/**
 * Put into the page before it loads: long tasks from the start, and a clock for "from this event to
 * the frame that shows its effect" (a task queued from a frame callback runs after that frame).
 */
const PAGE_PROBES = `
  window.benchLongTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  window.benchAfterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve(performance.now())
    channel.port2.postMessage(null)
  }))
  window.benchKeyLatencies = []
  window.addEventListener('keydown', (event) => {
    if (event.key.length !== 1) return
    const start = event.timeStamp
    window.benchAfterPaint().then((end) => window.benchKeyLatencies.push(end - start))
  }, true)
  window.benchUntil = (check) => new Promise((resolve) => {
    const poll = () => (check() ? resolve(performance.now()) : requestAnimationFrame(poll))
    poll()
  })
  window.benchLongestSince = (since) => Math.max(0, ...window.benchLongTasks.filter((task) => task.start >= since).map((task) => task.duration))
`

function chromiumExecutable(): string | undefined {
  if (existsSync(chromium.executablePath())) return undefined
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN
}

function spread(values: readonly number[]): string {
  return `${values.length} runs, ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`
}

interface Figure {
  measure: string
  value: number
  unit: string
  target: string
  pass: boolean
  note?: string
}

interface PasteRun {
  countMs: number
  summaryMs: number
  longestTaskMs: number
}

/** Pastes the list as the clipboard would, and waits for the count and the summary sentence. */
async function pasteList(page: Page, values: number): Promise<PasteRun> {
  const count = `${values.toLocaleString('en-US')} values`
  return (await page.evaluate(`(async () => {
    const box = window.benchValuesBox
    box.focus()
    const data = new DataTransfer()
    data.setData('text/plain', window.benchPasteText)
    await window.benchAfterPaint()
    const start = performance.now()
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    const countShown = await window.benchUntil(() => [...document.querySelectorAll("span")].some((span) => span.textContent === ${JSON.stringify(count)}))
    const summaryShown = await window.benchUntil(() => document.body.innerText.includes(${JSON.stringify(`${count}:`)}))
    // Whatever the paste set off (the worker's answer being rendered) has ended a second later.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    return { countMs: countShown - start, summaryMs: summaryShown - start, longestTaskMs: window.benchLongestSince(start) }
  })()`)) as PasteRun
}

/**
 * Each measure gets an app of its own (a new data folder, so no draft of the last list comes back)
 * and starts from an empty list. `demoLatencyMs`: how long the Demo API takes per search.
 */
class Apps {
  private current: { harness: Harness; dataDir: string } | null = null

  async open(page: Page, text: string, demoLatencyMs = 0): Promise<Harness> {
    await this.close()
    const dataDir = mkdtempSync(join(tmpdir(), 'entry-bench-'))
    const harness = await startHarness({ dataDir, secretStore: 'memory', demoFaults: { latencyMs: demoLatencyMs } })
    this.current = { harness, dataDir }
    await page.goto(harness.url)
    // Found by its name: the Stores field is a multi-line text box too.
    await page.getByRole('textbox', { name: 'Values to look up' }).evaluate((box, pasteText) => {
      Object.assign(window, { benchPasteText: pasteText, benchValuesBox: box })
    }, text)
    return harness
  }

  async close(): Promise<void> {
    if (this.current === null) return
    const { harness, dataDir } = this.current
    this.current = null
    await harness.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const apps = new Apps()
  const executablePath = chromiumExecutable()
  const browser = await chromium.launch({
    ...(executablePath === undefined ? {} : { executablePath }),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run'
    ]
  })
  const figures: Figure[] = []
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } })
    await context.addInitScript(PAGE_PROBES)
    const page = await context.newPage()
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
    const text = validGtins(VALUES).join('\n')

    const pastes: PasteRun[] = []
    const keyLatencies: number[] = []
    const typingTasks: number[] = []
    for (let run = 0; run < RUNS; run += 1) {
      await apps.open(page, text)
      pastes.push(await pasteList(page, VALUES))

      // Type one more value at the end of the list, a key at a time, as a person would.
      await page.keyboard.press('Control+End')
      await page.keyboard.press('Enter')
      const since = (await page.evaluate('(window.benchKeyLatencies = [], performance.now())')) as number
      for (const key of KEYS) {
        await page.keyboard.press(key)
        await page.evaluate('window.benchAfterPaint()')
      }
      await page.evaluate(`window.benchUntil(() => window.benchKeyLatencies.length >= ${KEYS.length})`)
      keyLatencies.push(...((await page.evaluate('window.benchKeyLatencies')) as number[]))
      await page.waitForTimeout(1000)
      typingTasks.push((await page.evaluate(`window.benchLongestSince(${since})`)) as number)
    }
    const paste = (pick: (run: PasteRun) => number) => pastes.map(pick)
    const countMs = median(paste((run) => run.countMs))
    const summaryMs = median(paste((run) => run.summaryMs))
    const longest = Math.max(...paste((run) => run.longestTaskMs))
    const values = VALUES.toLocaleString('en-US')
    figures.push({
      measure: `Paste ${values} values: count shown (median)`,
      value: countMs,
      unit: 'ms',
      target: '< 2000 ms',
      pass: countMs < 2000,
      note: spread(paste((run) => run.countMs))
    })
    figures.push({
      measure: `Paste ${values} values: validation summary shown (median)`,
      value: summaryMs,
      unit: 'ms',
      target: '< 2000 ms',
      pass: summaryMs < 2000,
      note: spread(paste((run) => run.summaryMs))
    })
    figures.push({
      measure: 'Paste: longest main-thread task (worst run)',
      value: longest,
      unit: 'ms',
      target: '< 200 ms',
      pass: longest < 200,
      note: `long tasks over 50 ms only; ${paste((run) => run.longestTaskMs)
        .map((ms) => ms.toFixed(0))
        .join(', ')} ms`
    })
    const keyMedian = median(keyLatencies)
    const keyP95 = percentile(keyLatencies, 0.95)
    const keyWorst = Math.max(...keyLatencies)
    figures.push({
      measure: `Typing at the end of the list: key to frame (median of ${keyLatencies.length})`,
      value: keyMedian,
      unit: 'ms',
      target: '< 100 ms',
      pass: keyMedian < 100
    })
    figures.push({
      measure: 'Typing: key to frame, 95th percentile',
      value: keyP95,
      unit: 'ms',
      target: '< 100 ms',
      pass: keyP95 < 100,
      note: `worst ${keyWorst.toFixed(0)} ms`
    })
    const typingLongest = Math.max(...typingTasks)
    figures.push({
      measure: 'Typing: longest main-thread task (worst run)',
      value: typingLongest,
      unit: 'ms',
      target: '< 200 ms',
      pass: typingLongest < 200
    })

    // One more than a lookup takes (whatever --values says): said as soon as it is pasted.
    await apps.open(page, validGtins(MAX_JOB_LINES + 1).join('\n'))
    const tooMany = (await page.evaluate(`(async () => {
      const box = window.benchValuesBox
      const data = new DataTransfer()
      data.setData('text/plain', window.benchPasteText)
      const start = performance.now()
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      return (await window.benchUntil(() => [...document.querySelectorAll('[role=alert]')].some((alert) => alert.textContent.includes('one lookup takes at most')))) - start
    })()`)) as number
    figures.push({
      measure: `Paste ${(MAX_JOB_LINES + 1).toLocaleString('en-US')} values: "too many" said`,
      value: tooMany,
      unit: 'ms',
      target: '< 2000 ms',
      pass: tooMany < 2000
    })

    figures.push(await cancelLookup(page, apps, text))
  } finally {
    await browser.close()
    await apps.close()
  }
  printFigures(figures)
}

/** Runs a lookup of the whole list in Demo, presses Cancel once answers arrive, and times until it shows as cancelled. */
async function cancelLookup(page: Page, apps: Apps, text: string): Promise<Figure> {
  // Searches take 100 ms, so the lookup is still running when Cancel is pressed however fast the machine is.
  await apps.open(page, text, 100)
  await pasteList(page, VALUES)
  await page.getByRole('button', { name: 'Run lookup' }).click()
  const bar = page.getByRole('progressbar', { name: 'Lookup progress' })
  await bar.waitFor()
  await page.waitForFunction(
    // A function, not a string: the app's CSP refuses to evaluate strings.
    () => Number(document.querySelector('[role=progressbar][aria-label="Lookup progress"]')?.getAttribute('aria-valuenow') ?? 0) >= 1000,
    undefined,
    { timeout: 120_000 }
  )
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true })
  const since = (await page.evaluate('performance.now()')) as number
  const ms = (await cancel.evaluate((button) =>
    (async () => {
      const probes = window as unknown as { benchUntil: (check: () => boolean) => Promise<number> }
      const start = performance.now()
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
      const panel = document.getElementById('job-progress-heading')?.closest('section')
      return (await probes.benchUntil(() => panel?.dataset.state === 'cancelled')) - start
    })()
  )) as number
  const answered = Number(await bar.getAttribute('aria-valuenow'))
  const longest = (await page.evaluate(`window.benchLongestSince(${since})`)) as number
  return {
    measure: `Cancel during a ${VALUES.toLocaleString('en-US')}-value lookup: shown as cancelled`,
    value: ms,
    unit: 'ms',
    target: '< 500 ms',
    pass: ms < 500,
    note: `${answered.toLocaleString('en-US')} answers had arrived; longest task meanwhile ${longest.toFixed(0)} ms`
  }
}

function printFigures(figures: readonly Figure[]): void {
  const rows = figures.map((figure) => ({
    measure: figure.measure,
    result: `${figure.value.toFixed(1)} ${figure.unit}`,
    target: figure.target,
    verdict: figure.pass ? 'pass' : 'FAIL',
    note: figure.note ?? ''
  }))
  const keys = ['measure', 'result', 'target', 'verdict', 'note'] as const
  const widths = keys.map((key) => Math.max(key.length, ...rows.map((row) => row[key].length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd()
  console.log(line(keys))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(keys.map((key) => row[key])))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
})
