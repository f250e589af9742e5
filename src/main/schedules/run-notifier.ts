import { AppError } from '../../shared/domain/app-error'
import type { JobProgress } from '../../shared/domain/job-progress'
import type { NotifyChoice } from '../../shared/schedules/schedule'
import { runChangeDetail, runNotification, type NotifiedRun, type RunNotification } from '../../shared/schedules/schedule-notification'
import { shouldNotify } from '../../shared/schedules/schedule-notify'
import type { Logger } from '../logging/logger'
import type { WatchlistService } from '../watchlists/watchlist-service'

/** Said when a run looked up nothing because every request failed: each line's answer says why. */
export const ALL_FAILED_REASON =
  'No value could be looked up: every request failed (the credentials were refused, or the computer is offline). Open the run for each line’s reason.'
/** Said when a run could not start for a reason that is no sentence of the app's. */
export const UNKNOWN_FAILURE_REASON = 'Something went wrong; the log says what.'

export interface RunNotifierParts {
  watchlists: Pick<WatchlistService, 'list' | 'sinceLastRun'>
  /** The notification effect: a desktop notification in the app, the Notifications region in the preview. */
  show(notification: RunNotification): void
  /** The one redaction at the boundary: a notification leaves main. */
  redact<T>(value: T): T
  log: Pick<Logger, 'warn'>
}

function emphasisOf(choice: NotifyChoice): 'out_of_stock' | 'shelf_empty' | 'all' {
  if (choice === 'newly_out_of_stock') return 'out_of_stock'
  if (choice === 'newly_shelf_empty') return 'shelf_empty'
  return 'all'
}

/**
 * Notifies after a scheduled run, as its watchlist chose: what changed since the run before
 * (read from the same "Since the last run" the window shows), or why it failed.
 */
export function createRunNotifier(parts: RunNotifierParts) {
  async function watchlistOf(watchlistId: string): Promise<{ name: string; choice: NotifyChoice } | null> {
    const record = (await parts.watchlists.list()).find((watchlist) => watchlist.id === watchlistId)
    if (record === undefined) return null
    return { name: record.name, choice: record.schedule?.notify ?? 'never' }
  }

  function show(name: string, run: NotifiedRun, jobId: string | null): void {
    parts.show(parts.redact(runNotification(name, run, jobId)))
  }

  async function whatRan(choice: NotifyChoice, progress: JobProgress): Promise<NotifiedRun | null> {
    if (progress.state === 'cancelled' || progress.state === 'interrupted') {
      return shouldNotify(choice, { failed: true }) ? { kind: 'stopped', state: progress.state } : null
    }
    if (progress.found + progress.notFound === 0 && progress.failed > 0) {
      return shouldNotify(choice, { failed: true }) ? { kind: 'failed', reason: ALL_FAILED_REASON } : null
    }
    const since = await parts.watchlists.sinceLastRun(progress.jobId)
    if (since === null) return shouldNotify(choice, { failed: false, changes: null }) ? { kind: 'first_run' } : null
    const detail = runChangeDetail(since)
    return shouldNotify(choice, { failed: false, changes: detail }) ? { kind: 'changes', detail, emphasis: emphasisOf(choice) } : null
  }

  return {
    /** A scheduled run ended (finished, cancelled or interrupted). */
    async ended(watchlistId: string, progress: JobProgress): Promise<void> {
      const watchlist = await watchlistOf(watchlistId)
      if (watchlist === null) return
      const run = await whatRan(watchlist.choice, progress)
      if (run !== null) show(watchlist.name, run, progress.jobId)
    },
    /** A scheduled run could not start: the app's sentence for why (no secret is ever in one). */
    async failed(watchlistId: string, error: unknown): Promise<void> {
      const watchlist = await watchlistOf(watchlistId)
      if (watchlist === null || !shouldNotify(watchlist.choice, { failed: true })) return
      show(watchlist.name, { kind: 'failed', reason: error instanceof AppError ? error.message : UNKNOWN_FAILURE_REASON }, null)
    }
  }
}

export type RunNotifier = ReturnType<typeof createRunNotifier>
