import { describe, expect, it } from 'vitest'
import { jobProgress } from '../test-support/job-progress'
import { progressFromResults } from './job-counts'
import { applyEntries, markRetry } from './result-set'
import { failed, found, notFound, setOf } from './test-support/line-results'

describe('progressFromResults', () => {
  it('counts lines from the result set, the rest pending, whatever the progress event said', () => {
    const set = setOf([found(1, '00041234567893', [1]), notFound])
    const { progress, caughtUp } = progressFromResults(jobProgress({ lines: 5, found: 3, pending: 1, resultsCount: 4 }), set)
    expect(progress).toMatchObject({ found: 1, notFound: 1, failed: 0, pending: 3 })
    expect(caughtUp).toBe(false)
  })

  it('counts failures being retried as pending, and each again as its new answer arrives', () => {
    const before = setOf([found(1, '00041234567893', [1]), failed, { ...failed, line: 7 }])
    const retry = markRetry(before, before.next)
    const event = jobProgress({ lines: 3, resultsCount: retry.next })
    expect(progressFromResults(event, retry).progress).toMatchObject({ found: 1, failed: 0, pending: 2 })
    const answered = applyEntries(retry, [found(6, '00000000000017', [2])], retry.next + 1)
    const later = progressFromResults(jobProgress({ lines: 3, resultsCount: answered.next }), answered)
    expect(later.progress).toMatchObject({ found: 2, failed: 0, pending: 1 })
    expect(later.caughtUp).toBe(true)
  })
})
