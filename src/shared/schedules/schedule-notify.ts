import type { NotifyChoice } from './schedule'

/** What a finished run found against the watchlist's run before it, counted by store and item. */
export interface RunChanges {
  newlyOutOfStock: number
  newlyShelfEmpty: number
  /** Every store and item whose status or figures changed in any way, the two counts above included. */
  changed: number
}

export type FinishedScheduledRun =
  | { failed: true }
  /** `changes` is null for a watchlist's first run: there is nothing to compare it with. */
  | { failed: false; changes: RunChanges | null }

/**
 * Whether a finished scheduled run raises a notification under the watchlist's choice. A failed
 * run notifies under every choice but `never`: a check that did not happen matters as much as one
 * that found something. `always` notifies when nothing changed too.
 */
export function shouldNotify(choice: NotifyChoice, run: FinishedScheduledRun): boolean {
  if (choice === 'never') return false
  if (choice === 'always' || run.failed) return true
  const changes = run.changes
  if (changes === null) return false
  switch (choice) {
    case 'newly_out_of_stock':
      return changes.newlyOutOfStock > 0
    case 'newly_shelf_empty':
      return changes.newlyShelfEmpty > 0
    case 'any_change':
      return changes.changed > 0 || changes.newlyOutOfStock > 0 || changes.newlyShelfEmpty > 0
  }
}
