import { describe, expect, it } from 'vitest'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { jobProgress } from '../test-support/job-progress'
import { createProgressStore } from './progress-store'

function snapshot(jobId: string, resultsCount: number, state: JobProgress['state'] = 'running'): JobProgress {
  return jobProgress({ jobId, state, resultsCount })
}

describe('the progress store', () => {
  it('keeps the newest snapshot per job when a late reply carries an older one', () => {
    const store = createProgressStore()
    store.putProgress(snapshot('a', 200))
    store.putProgress(snapshot('a', 0))
    expect(store.progressOf('a')?.resultsCount).toBe(200)
  })

  it('takes a state change that adds no results, such as throttling or a retry starting', () => {
    const store = createProgressStore()
    store.putProgress(snapshot('a', 100, 'running'))
    store.putProgress(snapshot('a', 100, 'throttled'))
    expect(store.progressOf('a')?.state).toBe('throttled')
  })

  it('keeps jobs apart', () => {
    const store = createProgressStore()
    store.putProgress(snapshot('a', 100))
    store.putProgress(snapshot('b', 5))
    expect(store.progressOf('a')?.resultsCount).toBe(100)
    expect(store.progressOf('b')?.resultsCount).toBe(5)
  })

  it('keeps the latest retry start of each job, which a late reply never moves back, and tells its subscribers', () => {
    const store = createProgressStore()
    let told = 0
    const unsubscribe = store.subscribe(() => (told += 1))
    expect(store.retryFromOf('a')).toBe(0)
    store.putRetryStart(snapshot('a', 120, 'running'))
    store.putRetryStart(snapshot('a', 80, 'running'))
    expect(store.retryFromOf('a')).toBe(120)
    expect(store.retryFromOf('b')).toBe(0)
    expect(told).toBe(1)
    unsubscribe()
    store.putProgress(snapshot('a', 130))
    expect(told).toBe(1)
  })
})
