import { z } from 'zod'
import type { RunNotification } from './schedule-notification'
import type { ScheduleSlot } from './schedule-slots'

/**
 * What main tells the screens about scheduled runs: why a run started, and each watchlist's next
 * run. The labels are the words History, notifications and the Watchlists screen use.
 */

/** `missed`: the slot's time passed while the app was closed or the computer slept, and the run came late, once. */
export const SCHEDULED_RUN_REASONS = ['scheduled', 'missed'] as const
export const scheduledRunReasonSchema = z.enum(SCHEDULED_RUN_REASONS)
export type ScheduledRunReason = z.infer<typeof scheduledRunReasonSchema>

export const SCHEDULED_RUN_LABELS: Readonly<Record<ScheduledRunReason, string>> = {
  scheduled: 'Scheduled',
  missed: 'Scheduled, run late: the app was closed or the computer was asleep'
}

/** Said of a slot that did not run because a person's run of the watchlist, started after the slot's time, was going on. */
export const SKIPPED_ALREADY_RUNNING_LABEL = 'Skipped: already running'
/** Said of a scheduled run that waited for a person's run of the same watchlist to end. */
export const WAITED_FOR_RUN_LABEL = 'Waited for the run already going on'

export const scheduleSlotSchema = z.object({
  at: z.number().int(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.string().regex(/^\d{2}:\d{2}$/)
}) satisfies z.ZodType<ScheduleSlot>

/**
 * `off`: no schedule, or one switched off. `scheduled`: waits for `slot`. `paused`: schedules are
 * paused; `slot` is when it would run. `due`: its slot came and it waits its turn behind other
 * watchlists. `waiting_for_run`: its slot waits for a person's run of it to end. `running`: its
 * scheduled run for `slot` is going on.
 */
export const NEXT_RUN_STATUSES = ['off', 'scheduled', 'paused', 'due', 'waiting_for_run', 'running'] as const
export const nextRunSchema = z.object({
  watchlistId: z.string(),
  status: z.enum(NEXT_RUN_STATUSES),
  slot: scheduleSlotSchema.nullable()
})
export type NextRun = z.infer<typeof nextRunSchema>

/**
 * A watchlist's schedule as the Watchlists screen shows it: its next run, and what became of its
 * latest slot when that needs saying (skipped, waited, waiting for a free lookup, could not start).
 */
export const scheduleStateSchema = nextRunSchema.extend({ note: z.string().max(500).nullable() })
export type ScheduleState = z.infer<typeof scheduleStateSchema>

/** What the Watchlists screen asks for after each `schedules:changed`. */
export const schedulesOverviewSchema = z.object({
  /** Schedules are paused as a whole (the tray's Pause schedules): every `scheduled` is then `paused`. */
  paused: z.boolean(),
  watchlists: z.array(scheduleStateSchema)
})
export type SchedulesOverview = z.infer<typeof schedulesOverviewSchema>

/** A notification after a scheduled run, as the preview's page receives it. */
export const runNotificationSchema = z.object({
  title: z.string().max(200),
  body: z.string().max(2000),
  jobId: z.string().max(100).nullable()
}) satisfies z.ZodType<RunNotification>

/** The schedules' events of the IPC contract (spread into `eventContract`). */
export const scheduleEvents = {
  /** A watchlist's next run, its scheduled run's state or its last run's figures changed: the Watchlists screen asks again. */
  onSchedulesChanged: { channel: 'schedules:changed', payload: z.null() },
  /** A notification after a scheduled run was clicked: the window opens its run on "Since the last run". */
  onNotificationOpened: { channel: 'notifications:open', payload: z.object({ jobId: z.string().nullable() }) },
  /** The browser preview's stand-in for a desktop notification: the page shows it in its Notifications region. */
  onNotificationShown: { channel: 'notifications:show', payload: runNotificationSchema }
} as const
