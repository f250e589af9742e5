import { AppError } from '../../shared/domain/app-error'
import { formatNumber } from '../../shared/format/numbers'
import { MAX_RUNNING_LOOKUPS } from '../../shared/limits'
import { wallTimeAt } from '../../shared/schedules/zoned-time'
import type { SlotOutcome } from './scheduler-types'

/**
 * What the Watchlists screen says under a schedule about its latest slot, when something needs
 * saying: a slot skipped or that waited for another run, one waiting for a free lookup, one that
 * could not start. A slot that simply ran says nothing.
 */

function clockTime(instant: number, timeZone: string): string {
  const { hour, minute } = wallTimeAt(instant, timeZone)
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

export function slotNote(outcome: SlotOutcome, timeZone: string): string | null {
  const time = outcome.slot.time
  switch (outcome.kind) {
    case 'skipped_already_running':
      return `Skipped ${time}: a run started at ${clockTime(outcome.runningSince, timeZone)} was already going on, and its answers are as recent.`
    case 'ran':
      return outcome.waitedForRun ? `The ${time} run waited for the run already going on to end, then ran.` : null
    case 'failed':
      // An AppError's sentence never holds a secret; anything else is told in the log only.
      return outcome.error instanceof AppError
        ? `The ${time} run could not start: ${outcome.error.message}`
        : `The ${time} run could not start; the log says why.`
  }
}

export function waitingForFreeLookupNote(time: string): string {
  return `The ${time} run waits for a free lookup: ${formatNumber(MAX_RUNNING_LOOKUPS)} lookups are running, as many as the app runs at once.`
}
