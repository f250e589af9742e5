import type { JobProgress } from '../../shared/domain/job-progress'
import type { ScheduleSlot } from '../../shared/schedules/schedule-slots'
import { SKIPPED_ALREADY_RUNNING_LABEL, WAITED_FOR_RUN_LABEL, type SchedulesOverview } from '../../shared/schedules/scheduled-run'
import type { Logger } from '../logging/logger'
import type { WatchlistService } from '../watchlists/watchlist-service'
import { createHandledSlotsFile } from './handled-slots-file'
import { runWhenFree } from './run-when-free'
import type { ScheduledRunRequest, SlotOutcome } from './scheduler-types'
import { slotNote, waitingForFreeLookupNote } from './slot-notes'
import { createWatchlistScheduler, type WatchlistScheduler } from './watchlist-scheduler'

export interface AppSchedulerParts {
  dir: string
  now(): number
  setTimer(ms: number, fire: () => void): () => void
  timeZone(): string
  watchlists: Pick<WatchlistService, 'list' | 'runScheduled' | 'personRun'>
  /** Calls `listener` whenever a lookup ends: a scheduled run the cap on running lookups refused tries again. */
  onLookupEnded(listener: () => void): () => void
  log: Logger
  /** A scheduled run ended (finished, cancelled or interrupted) with this progress: notifications start here. */
  runEnded?(watchlistId: string, request: ScheduledRunRequest, progress: JobProgress): void
  /** Something the Watchlists screen shows about schedules changed (a next run, a run starting or ending). */
  changed(): void
  /** What became of each slot, after it is logged: notifications follow a finished run from here. */
  report?(outcome: SlotOutcome): void
}

/**
 * The scheduler over the app's watchlists: runs go through the same path as Run now, labelled
 * with why they started; a person's run of the same watchlist is waited for or makes the slot
 * needless; marks are kept in the data folder so a restart runs a missed slot once.
 */
export type AppScheduler = WatchlistScheduler & {
  refresh(): Promise<void>
  begin(): Promise<void>
  /** Each watchlist's next run and what became of its latest slot, for the Watchlists screen. */
  overview(): SchedulesOverview
}

export function createAppScheduler(parts: AppSchedulerParts): AppScheduler {
  const { log } = parts
  /** What the screen says of each watchlist's latest slot; kept while the app runs. */
  const notes = new Map<string, string>()
  const note = (watchlistId: string, text: string | null): void => {
    if (text === null) notes.delete(watchlistId)
    else notes.set(watchlistId, text)
  }

  async function run(watchlistId: string, request: ScheduledRunRequest): Promise<JobProgress> {
    const progress = await runWhenFree(() => parts.watchlists.runScheduled(watchlistId, request.reason), {
      setTimer: parts.setTimer,
      onLookupEnded: parts.onLookupEnded,
      waiting(waiting) {
        note(watchlistId, waiting ? waitingForFreeLookupNote(request.slot.time) : null)
        if (waiting) log.info('a scheduled run waits for a free lookup', { watchlistId, slot: slotText(request.slot) })
        parts.changed()
      }
    })
    parts.runEnded?.(watchlistId, request, progress)
    return progress
  }

  const scheduler = createWatchlistScheduler({
    now: parts.now,
    timeZone: parts.timeZone,
    setTimer: parts.setTimer,
    runWatchlist: run,
    activeRun: (watchlistId) => parts.watchlists.personRun(watchlistId),
    handledSlots: createHandledSlotsFile({ dir: parts.dir, log }),
    report(outcome) {
      logOutcome(outcome, log)
      note(outcome.watchlistId, slotNote(outcome, parts.timeZone()))
      parts.report?.(outcome)
    },
    changed: parts.changed,
    log
  })

  async function current() {
    return (await parts.watchlists.list()).map(({ id, schedule }) => ({ id, schedule }))
  }

  return {
    ...scheduler,
    /** Reads the watchlists and starts: a slot missed while the app was closed runs now, once. */
    async begin() {
      await scheduler.start(await current())
    },
    /** The watchlists were added, edited or deleted: schedules follow them from now. */
    async refresh() {
      const watchlists = await current()
      for (const id of notes.keys()) if (!watchlists.some((watchlist) => watchlist.id === id)) notes.delete(id)
      scheduler.setWatchlists(watchlists)
    },
    overview() {
      return {
        paused: scheduler.paused(),
        watchlists: scheduler.nextRuns().map((next) => ({ ...next, note: notes.get(next.watchlistId) ?? null }))
      }
    }
  }
}

function slotText(slot: ScheduleSlot): string {
  return `${slot.date} ${slot.time}`
}

/** Every slot says what became of it; the log is where a skipped or waiting slot is told. */
function logOutcome(outcome: SlotOutcome, log: Logger): void {
  const fields = { watchlistId: outcome.watchlistId, slot: slotText(outcome.slot), reason: outcome.reason }
  switch (outcome.kind) {
    case 'skipped_already_running':
      log.info(`${SKIPPED_ALREADY_RUNNING_LABEL}: a scheduled run found a person's run of the watchlist started after its time`, {
        ...fields,
        runningSince: new Date(outcome.runningSince).toISOString()
      })
      return
    case 'ran':
      log.info(outcome.waitedForRun ? `a scheduled run ended; ${WAITED_FOR_RUN_LABEL.toLowerCase()}` : 'a scheduled run ended', fields)
      return
    case 'failed':
      log.warn('a scheduled run could not be started', { ...fields, error: outcome.error })
  }
}
