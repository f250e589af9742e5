/// <reference types="vite/client" />
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import '../../src/renderer/src/styles/tokens.css'
import '../../src/renderer/src/styles/base.css'
import '../../src/renderer/src/styles/layout.css'
import { SUMMARY_CODES } from '../../src/shared/trends/run-summary'
import { trendStoreOf } from '../../src/shared/trends/trend-digest'
import { buildTrends, type TrendRunInput } from '../../src/shared/trends/build-trends'
import { unpackTrends } from '../../src/shared/trends/trend-series'
import { TrendsView } from '../../src/renderer/src/trends/trends-view'

/**
 * The trends benchmark's page (bench/trends.bench.ts): the app's real TrendsView over `runs` runs of
 * `stores` stores and `items` items, made here as History's summaries would give them. `mount()`
 * resolves with the time from unpacking main's answer and the render call to the first frame painted after it.
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
    return trendStoreOf(
      1000 + store,
      Uint8Array.from({ length: ITEMS }, (_, item) => statusOf(run, store, item))
    )
  })
}))
/** As main answers: unpacked in the measured time, as the Trends screen's query does. */
const packed = buildTrends(runs, (id) => String(10_000_000_000_000 + id), String)

const root = createRoot(document.getElementById('root') as HTMLElement)

declare global {
  interface Window {
    trendsBench: { mount(): Promise<number>; tablesIn(): Promise<number>; points: () => number; paths: () => number }
  }
}

let mountedAt = 0

/** Both charts' data tables and the worst items drawn: they come in after the charts' first frame. */
function tablesDrawn(): boolean {
  return document.querySelectorAll('.trend-table-frame table').length === 3
}

window.trendsBench = {
  mount: () =>
    new Promise((resolve) => {
      const started = performance.now()
      mountedAt = started
      const trends = unpackTrends(packed)
      flushSync(() =>
        root.render(
          <TrendsView trends={trends} onOpenRun={() => undefined} exports={{ png: () => undefined, data: () => undefined, busy: false }} />
        )
      )
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0))
    }),
  tablesIn: () =>
    new Promise((resolve) => {
      const check = () => (tablesDrawn() ? resolve(performance.now() - mountedAt) : requestAnimationFrame(() => setTimeout(check, 0)))
      check()
    }),
  points: () => document.querySelectorAll('.trend-point').length,
  paths: () => document.querySelectorAll('path.trend-line').length
}
