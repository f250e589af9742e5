import type { Schedule } from '../../shared/schedules/schedule'
import type { ScheduleSlot } from '../../shared/schedules/schedule-slots'
import type { ScheduledRunReason } from '../../shared/schedules/scheduled-run'

/** A watchlist as the scheduler sees it. */
export interface ScheduledWatchlist {
  id: string
  schedule: Schedule | null
}

/** What a scheduled run is told, so History can label it and a notification can say when it was due. */
export interface ScheduledRunRequest {
  reason: ScheduledRunReason
  slot: ScheduleSlot
  /** A run of the watchlist started before the slot (a person's, or an earlier scheduled one) was going on; this run waited for it to end. */
  waitedForRun: boolean
}

/** A run of a watchlist going on now that the scheduler did not start. */
export interface ActiveRun {
  startedAt: number
  /** Settles when that run ends, however it ends. */
  ended: Promise<unknown>
}

/** What became of a slot. `failed`: the run could not be started or threw; a lookup that failed says so itself. */
export type SlotOutcome =
  | ({ kind: 'ran'; watchlistId: string } & ScheduledRunRequest)
  | ({ kind: 'failed'; watchlistId: string; error: unknown } & ScheduledRunRequest)
  | { kind: 'skipped_already_running'; watchlistId: string; slot: ScheduleSlot; reason: ScheduledRunReason; runningSince: number }
