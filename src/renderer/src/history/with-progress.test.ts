import { describe, expect, it } from 'vitest'
import { jobProgress } from '../test-support/job-progress'
import { lookupSummary as summary } from '../test-support/lookup-summary'
import { withProgress } from './with-progress'

describe('a lookup History lists', () => {
  it('follows the progress events of a lookup running in this window', () => {
    const running = summary({ state: 'running', runningHere: true, found: 0, notFound: 0, finishedAt: null })
    expect(withProgress(running, undefined)).toBe(running)
    expect(withProgress(running, jobProgress({ jobId: '8', state: 'cancelled' }))).toBe(running)
    expect(withProgress(running, jobProgress({ jobId: '7', state: 'throttled', found: 4 }))).toMatchObject({
      state: 'running',
      runningHere: true,
      found: 4
    })
    expect(withProgress(running, jobProgress({ jobId: '7', state: 'cancelled', found: 4, cancelled: 6 }))).toMatchObject({
      state: 'cancelled',
      runningHere: false,
      cancelled: 6
    })
  })
})
