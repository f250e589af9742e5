import type { ScheduleSlot } from '../../shared/schedules/schedule-slots'
import { SKIPPED_ALREADY_RUNNING_LABEL, WAITED_FOR_RUN_LABEL } from '../../shared/schedules/scheduled-run'
import type { Logger } from '../logging/logger'
import type { WatchlistService } from '../watchlists/watchlist-service'
import { createHandledSlotsFile } from './handled-slots-file'
import type { SlotOutcome } from './scheduler-types'
import { createWatchlistScheduler, type WatchlistScheduler } from './watchlist-scheduler'

export interface AppSchedulerParts {
  dir: string
  now(): number
  setTimer(ms: number, fire: () => void): () => void
  timeZone(): string
  watchlists: Pick<WatchlistService, 'list' | 'runScheduled' | 'personRun'>
  log: Logger
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
export type AppScheduler = WatchlistScheduler & { refresh(): Promise<void>; begin(): Promise<void> }

export function createAppScheduler(parts: AppSchedulerParts): AppScheduler {
  const { log } = parts
  const scheduler = createWatchlistScheduler({
    now: parts.now,
    timeZone: parts.timeZone,
    setTimer: parts.setTimer,
    runWatchlist: (watchlistId, request) => parts.watchlists.runScheduled(watchlistId, request.reason),
    activeRun: (watchlistId) => parts.watchlists.personRun(watchlistId),
    handledSlots: createHandledSlotsFile({ dir: parts.dir, log }),
    report(outcome) {
      logOutcome(outcome, log)
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
      scheduler.setWatchlists(await current())
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
