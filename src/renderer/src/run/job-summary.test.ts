import { describe, expect, it } from 'vitest'
import { announcement, answeredCount, countsSentence } from './job-summary'
import { jobProgress } from '../test-support/job-progress'

const progress = jobProgress

describe('job announcements', () => {
  it('speaks on state changes only, not on every counter tick', () => {
    const started = progress({})
    expect(announcement(undefined, started)).toBe('Lookup started: 10 values.')
    expect(announcement(started, progress({ found: 3, pending: 7 }))).toBeNull()
    const throttled = progress({ state: 'throttled' })
    expect(announcement(started, throttled)).toBe('The server asked us to slow down; the lookup resumes by itself.')
    expect(announcement(throttled, progress({}))).toBe('The lookup resumed.')
  })

  it('sums up a finished or cancelled job', () => {
    const finished = progress({ state: 'finished', found: 6, notFound: 1, invalid: 1, duplicate: 1, failed: 1, pending: 0 })
    expect(announcement(progress({}), finished)).toBe('Lookup finished: 6 found, 1 not found, 1 invalid, 1 duplicate, 1 failed.')
    const cancelled = progress({ state: 'cancelled', found: 4, cancelled: 6, pending: 0 })
    expect(answeredCount(cancelled)).toBe(4)
    expect(countsSentence(cancelled)).toContain('6 cancelled')
    expect(announcement(progress({}), cancelled)).toContain('Lookup cancelled')
  })

  it('announces the end of a retry even when its running state was never seen', () => {
    const failed = progress({ state: 'finished', failed: 10, pending: 0, resultsCount: 10 })
    const retried = progress({ state: 'finished', found: 10, pending: 0, resultsCount: 20 })
    expect(announcement(failed, retried)).toBe('Lookup finished: 10 found, 0 not found, 0 invalid, 0 duplicate, 0 failed.')
    expect(announcement(retried, retried)).toBeNull()
  })

  it('announces a new job even when the state is the same as the last one', () => {
    expect(announcement(progress({}), progress({ jobId: 'job-2' }))).toBe('Lookup started: 10 values.')
  })
})
