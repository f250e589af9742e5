import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import type { ScheduleSlot } from '../../shared/schedules/schedule-slots'
import { slotNote, waitingForFreeLookupNote } from './slot-notes'

const slot: ScheduleSlot = { at: Date.UTC(2025, 0, 10, 6, 0), date: '2025-01-10', time: '07:00' }
const zone = 'Europe/Berlin'

describe('what the Watchlists screen says of a slot', () => {
  it('skipped: when the run that made it needless started', () => {
    const note = slotNote(
      { kind: 'skipped_already_running', watchlistId: 'w', slot, reason: 'scheduled', runningSince: Date.UTC(2025, 0, 10, 6, 5) },
      zone
    )
    expect(note).toBe('Skipped 07:00: a run started at 07:05 was already going on, and its answers are as recent.')
  })

  it('waited: that it waited, then ran; ran at once: nothing', () => {
    expect(slotNote({ kind: 'ran', watchlistId: 'w', slot, reason: 'scheduled', waitedForRun: true }, zone)).toBe(
      'The 07:00 run waited for the run already going on to end, then ran.'
    )
    expect(slotNote({ kind: 'ran', watchlistId: 'w', slot, reason: 'missed', waitedForRun: false }, zone)).toBeNull()
  })

  it("could not start: the app's sentence, or the log for anything else", () => {
    const refused = new AppError('missing_credentials', 'Save the client ID and secret in Settings first.')
    expect(slotNote({ kind: 'failed', watchlistId: 'w', slot, reason: 'scheduled', waitedForRun: false, error: refused }, zone)).toBe(
      'The 07:00 run could not start: Save the client ID and secret in Settings first.'
    )
    expect(
      slotNote({ kind: 'failed', watchlistId: 'w', slot, reason: 'scheduled', waitedForRun: false, error: new Error('token=abc') }, zone)
    ).toBe('The 07:00 run could not start; the log says why.')
  })

  it('waiting for a free lookup: the cap named', () => {
    expect(waitingForFreeLookupNote('13:00')).toBe(
      'The 13:00 run waits for a free lookup: 2 lookups are running, as many as the app runs at once.'
    )
  })
})
