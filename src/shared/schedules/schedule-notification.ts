import { formatNumber } from '../format/numbers'
import type { SinceLastRun } from '../watchlists/since-last-run'
import type { RunChanges } from './schedule-notify'

/**
 * What a notification after a scheduled run says, in the words of "Since the last run", with the
 * watchlist's name first: "Morning check: 7 items newly out of stock in 3 stores". The figures
 * are the ones "Since the last run" shows for that run, so the two never disagree.
 */
export interface RunNotification {
  title: string
  body: string
  /** The run the notification opens on "Since the last run"; null when no run started. */
  jobId: string | null
}

/** How many items and stores a kind's `store:value` pairs touch. */
export interface ChangeSpread {
  pairs: number
  items: number
  stores: number
}

export interface RunChangeDetail extends RunChanges {
  outOfStock: ChangeSpread
  shelfEmpty: ChangeSpread
}

export function spreadOf(pairs: readonly string[]): ChangeSpread {
  const stores = new Set<string>()
  const items = new Set<string>()
  for (const pair of pairs) {
    const at = pair.indexOf(':')
    stores.add(pair.slice(0, at))
    items.add(pair.slice(at + 1))
  }
  return { pairs: pairs.length, items: items.size, stores: stores.size }
}

/** The changes of a run as notifications weigh and word them, from its "Since the last run". */
export function runChangeDetail(since: Pick<SinceLastRun, 'counts' | 'pairs' | 'changed'>): RunChangeDetail {
  return {
    newlyOutOfStock: since.counts.newly_out_of_stock,
    newlyShelfEmpty: since.counts.newly_shelf_empty,
    changed: since.changed,
    outOfStock: spreadOf(since.pairs.newly_out_of_stock),
    shelfEmpty: spreadOf(since.pairs.newly_shelf_empty)
  }
}

function count(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`
}

function spreadText(spread: ChangeSpread, what: string): string {
  return `${count(spread.items, 'item', 'items')} ${what} in ${count(spread.stores, 'store', 'stores')}`
}

export type NotifiedRun =
  | { kind: 'changes'; detail: RunChangeDetail; emphasis: 'out_of_stock' | 'shelf_empty' | 'all' }
  | { kind: 'first_run' }
  | { kind: 'stopped'; state: 'cancelled' | 'interrupted' }
  /** The run did not start, or no value could be looked up: `reason` is the app's own sentence. */
  | { kind: 'failed'; reason: string }

/** The body of the notification: what changed, what went wrong, or that nothing changed. */
export function notificationBody(run: NotifiedRun): string {
  switch (run.kind) {
    case 'first_run':
      return 'first run done; the next run says what changed since this one'
    case 'stopped':
      return run.state === 'cancelled'
        ? 'the run was cancelled before it finished'
        : 'the run stopped before it finished; resume it from History'
    case 'failed':
      return `the run failed. ${run.reason}`
    case 'changes': {
      const { detail } = run
      const outOfStock = spreadText(detail.outOfStock, 'newly out of stock')
      const shelfEmpty = spreadText(detail.shelfEmpty, 'newly shelf empty (backroom has stock)')
      if (run.emphasis === 'out_of_stock') return outOfStock
      if (run.emphasis === 'shelf_empty') return shelfEmpty
      if (detail.changed === 0 && detail.newlyOutOfStock === 0 && detail.newlyShelfEmpty === 0) return 'nothing changed since the last run'
      const parts = [
        detail.newlyOutOfStock > 0 ? outOfStock : null,
        detail.newlyShelfEmpty > 0 ? shelfEmpty : null,
        `${count(detail.changed, 'store and item', 'stores and items')} changed in all`
      ].filter((part): part is string => part !== null)
      return parts.join('; ')
    }
  }
}

export function runNotification(watchlistName: string, run: NotifiedRun, jobId: string | null): RunNotification {
  return { title: watchlistName, body: notificationBody(run), jobId }
}

/** The notification as one line, as the preview's Notifications region and a screen reader read it. */
export function notificationLine(notification: Pick<RunNotification, 'title' | 'body'>): string {
  return `${notification.title}: ${notification.body}`
}
