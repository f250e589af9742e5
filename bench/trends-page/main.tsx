/// <reference types="vite/client" />
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import '../../src/renderer/src/styles/tokens.css'
import '../../src/renderer/src/styles/base.css'
import '../../src/renderer/src/styles/layout.css'
import { countStatuses, SUMMARY_CODES } from '../../src/shared/trends/run-summary'
import { packStatuses } from '../../src/shared/trends/status-blob'
import { buildTrends, type TrendRunInput } from '../../src/shared/trends/trend-series'
import { TrendsView } from '../../src/renderer/src/trends/trends-view'

/**
 * The trends benchmark's page (bench/trends.bench.ts): the app's real TrendsView over `runs` runs of
 * `stores` stores and `items` items, made here as History's summaries would give them. `mount()`
 * resolves with the time from the render call to the first frame painted after it.
 */
const params = new URLSearchParams(location.search)
const RUNS = Number(params.get('runs') ?? '90')
const STORES = Number(params.get('stores') ?? '50')
const ITEMS = Number(params.get('items') ?? '2000')

function statusOf(run: number, store: number, item: number): number {
  const draw = (Math.imul(run + 1, 2654435761) ^ Math.imul(store + 7, 2246822519) ^ Math.imul(item + 13, 3266489917)) >>> 0
  const bucket = draw % 100
  return bucket < 5 ? SUMMARY_CODES.out_of_stock : bucket < 8 ? SUMMARY_CODES.shelf_empty : SUMMARY_CODES.in_stock
}

const itemIds = Uint32Array.from({ length: ITEMS }, (_, index) => index + 1)
const runs: TrendRunInput[] = Array.from({ length: RUNS }, (_, run) => ({
  lookupId: run + 1,
  at: Date.UTC(2025, 0, 1) + run * 43_200_000,
  answersRemovedAt: null,
  itemIds,
  stores: Array.from({ length: STORES }, (_, store) => {
    const statuses = Uint8Array.from({ length: ITEMS }, (_, item) => statusOf(run, store, item))
    return { storeNbr: 1000 + store, counts: countStatuses(statuses), blob: packStatuses(statuses) }
  })
}))
const trends = buildTrends(runs, (id) => String(10_000_000_000_000 + id), String)

const root = createRoot(document.getElementById('root') as HTMLElement)

declare global {
  interface Window {
    trendsBench: { mount(): Promise<number>; points: () => number; paths: () => number }
  }
}

window.trendsBench = {
  mount: () =>
    new Promise((resolve) => {
      const started = performance.now()
      flushSync(() =>
        root.render(
          <TrendsView trends={trends} onOpenRun={() => undefined} exports={{ png: () => undefined, data: () => undefined, busy: false }} />
        )
      )
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0))
    }),
  points: () => document.querySelectorAll('.trend-point').length,
  paths: () => document.querySelectorAll('path.trend-line').length
}
