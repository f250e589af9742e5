/// <reference types="vite/client" />
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createInventoryApi, type IpcResult } from '../../src/shared/contract'
import { createProgressStore, ProgressStoreContext } from '../../src/renderer/src/api/progress-store'
import '../../src/renderer/src/styles/tokens.css'
import '../../src/renderer/src/styles/base.css'
import '../../src/renderer/src/styles/layout.css'
import { applyEntries, emptyResultSet, itemRowsOf } from '../../src/renderer/src/results/result-set'
import { statusCounts } from '../../src/renderer/src/results/view-rows'
import { ResultsView } from '../../src/renderer/src/results/results-view'
import { useJobResults } from '../../src/renderer/src/results/use-job-results'
import { jobProgress } from '../../src/renderer/src/test-support/job-progress'
import { FAKE_CARRIED_COLUMNS, fakeLineResults } from './fake-results'
import { encodeResultPage } from '../../src/shared/domain/result-page'

/**
 * The grid benchmark's page (bench/grid.bench.ts): the app's real ResultsView, fed by an in-memory
 * `getJobResults`, so what is timed is the component the app ships.
 * Each step resolves after the browser has painted the frame that shows its result.
 */
const lineCount = Number(new URLSearchParams(location.search).get('lines') ?? '100000')
const entries = fakeLineResults(lineCount)

Object.defineProperty(window, 'inventory', {
  value: createInventoryApi({
    async invoke(channel, input): Promise<IpcResult<unknown>> {
      if (channel !== 'jobs:results') return { ok: false, error: { code: 'internal', message: `${channel} is not part of the benchmark.` } }
      const from = (input as { from: number }).from
      return { ok: true, value: encodeResultPage({ entries: entries.slice(from), next: entries.length }) }
    },
    subscribe: () => () => undefined
  })
})

const batches = Math.ceil(entries.length / 100)
const progress = jobProgress({
  jobId: 'bench',
  finishedAt: '2025-01-01T14:22:11.000Z',
  state: 'finished',
  lines: entries.length,
  batchesDone: batches,
  batchesTotal: batches,
  pending: 0,
  etaMs: 0,
  resultsCount: entries.length,
  carriedColumns: [...FAKE_CARRIED_COLUMNS]
})

/** The results as the app mounts them: read through useJobResults, shown by ResultsView. */
function BenchResults() {
  const { set, query } = useJobResults(progress)
  return <ResultsView progress={progress} set={set} loading={query.isPending} readError={null} />
}

function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve))
}

/** A task queued from a frame callback runs after that frame has been painted. */
function afterPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve(performance.now())
      channel.port2.postMessage(null)
    })
  )
}

async function until(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error('The grid did not reach the expected state in time.')
    await nextFrame()
  }
}

function grid(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[role="grid"]')
  if (element === null) throw new Error('No grid on the page.')
  return element
}

const shownRows = () => Number(grid().getAttribute('aria-rowcount') ?? '0') - 1
const firstDataRow = () => grid().querySelector('[role="row"][aria-rowindex="2"]')

function control<T extends HTMLElement>(selector: string, text: string): T {
  const match = Array.from(document.querySelectorAll<HTMLElement>(selector)).find((element) => element.textContent?.trim() === text)
  if (match === undefined) throw new Error(`No ${selector} named "${text}".`)
  return match as T
}

function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

async function timed(action: () => void, done: () => boolean): Promise<number> {
  const start = performance.now()
  action()
  await until(done)
  return (await afterPaint()) - start
}

const bench = {
  lines: entries.length,
  /** Rows of the Locations view: one per location of a line, one for a line without any. */
  locationRows: entries.reduce((rows, entry) => rows + Math.max(1, entry.item?.inventory_locations.length ?? 0), 0),

  /** Reducing the log to rows alone, without React: the part of the first render that is data work. */
  buildRows(): { log: number; rows: number; counts: number } {
    const start = performance.now()
    const set = applyEntries(emptyResultSet('bench', 'gtin'), entries, entries.length)
    const reduced = performance.now()
    const rows = itemRowsOf(set, 3)
    const built = performance.now()
    statusCounts(rows)
    return { log: reduced - start, rows: built - reduced, counts: performance.now() - built }
  },

  async mount(): Promise<number> {
    const container = document.getElementById('root')
    if (container === null) throw new Error('The page has no #root element.')
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })
    return timed(
      () =>
        createRoot(container).render(
          <QueryClientProvider client={client}>
            <ProgressStoreContext value={createProgressStore()}>
              <main className="app-main">
                <BenchResults />
              </main>
            </ProgressStoreContext>
          </QueryClientProvider>
        ),
      () => document.querySelector('[role="grid"]') !== null && shownRows() === entries.length && firstDataRow() !== null
    )
  },

  /** Switches to the "Items" or "Locations" view; resolves when the grid shows `rows` rows. */
  async switchView(name: string, rows: number): Promise<number> {
    const tab = control<HTMLButtonElement>('[role="tab"]', name)
    return timed(
      () => tab.click(),
      () => tab.getAttribute('aria-selected') === 'true' && shownRows() === rows && firstDataRow() !== null
    )
  },

  /** Shows the column filters, which fold away by default. */
  async openColumnFilters(): Promise<void> {
    const toggle = Array.from(document.querySelectorAll<HTMLButtonElement>('button[aria-expanded]')).find((button) =>
      button.textContent?.startsWith('Column filters')
    )
    if (toggle === undefined) throw new Error('No "Column filters" button.')
    if (toggle.getAttribute('aria-expanded') !== 'true') toggle.click()
    await afterPaint()
  },

  /** Clicks a column header; resolves when the header reports the new sort direction. */
  async sort(column: string): Promise<number> {
    const header = control<HTMLElement>('[role="columnheader"]', column)
    const before = header.getAttribute('aria-sort')
    return timed(
      () => header.click(),
      () => header.getAttribute('aria-sort') !== before && header.getAttribute('aria-sort') !== null
    )
  },

  async clearSort(column: string): Promise<void> {
    const header = control<HTMLElement>('[role="columnheader"]', column)
    while (header.getAttribute('aria-sort') !== null) {
      header.click()
      await afterPaint()
    }
  },

  /** Types into the filter labelled `label`; resolves when the grid's row count has changed. */
  async filter(label: string, value: string): Promise<{ ms: number; shown: number }> {
    const input = control<HTMLLabelElement>('label', label).querySelector('input')
    if (input === null) throw new Error(`The label "${label}" has no input.`)
    const before = shownRows()
    const ms = await timed(
      () => typeInto(input, value),
      () => shownRows() !== before
    )
    return { ms, shown: shownRows() }
  },

  /** Presses the preset chip whose name starts with `label` ("Not found" matches "Not found 9,871"). */
  async toggleChip(label: string): Promise<{ ms: number; shown: number }> {
    const chip = Array.from(document.querySelectorAll<HTMLButtonElement>('button[aria-pressed]')).find((button) =>
      button.textContent?.startsWith(`${label} `)
    )
    if (chip === undefined) throw new Error(`No preset chip "${label}".`)
    const before = chip.getAttribute('aria-pressed')
    const ms = await timed(
      () => chip.click(),
      () => chip.getAttribute('aria-pressed') !== before
    )
    return { ms, shown: shownRows() }
  },

  /** Scrolls the grid by `step` pixels every frame for `durationMs`; reports the frame intervals. */
  async scroll(durationMs: number, step: number) {
    const element = grid()
    element.scrollTop = 0
    await afterPaint()
    const stamps: number[] = []
    await new Promise<void>((resolve) => {
      const tick = (time: number) => {
        stamps.push(time)
        if (time - (stamps[0] ?? time) >= durationMs || element.scrollTop + element.clientHeight >= element.scrollHeight) {
          resolve()
          return
        }
        element.scrollTop += step
        requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })
    const intervals = stamps.slice(1).map((stamp, index) => stamp - (stamps[index] ?? stamp))
    const elapsed = (stamps.at(-1) ?? 0) - (stamps[0] ?? 0)
    return {
      fps: elapsed === 0 ? 0 : (intervals.length * 1000) / elapsed,
      frames: intervals.length,
      worstFrameMs: Math.max(0, ...intervals),
      longFrames: intervals.filter((interval) => interval > 1000 / 30).length,
      scrolledPx: element.scrollTop,
      lastRowShown: Number(Array.from(element.querySelectorAll('[role="row"][aria-rowindex]')).at(-1)?.getAttribute('aria-rowindex') ?? '0')
    }
  }
}

Object.defineProperty(window, 'gridBench', { value: bench })
