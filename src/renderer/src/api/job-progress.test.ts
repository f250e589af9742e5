import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { JobProgress } from '../../../shared/domain/job-progress'
import { queryKeys } from './inventory-call'
import { jobProgress } from '../test-support/job-progress'
import { storeJobProgress } from './job-progress'

function snapshot(jobId: string, resultsCount: number, state: JobProgress['state'] = 'running'): JobProgress {
  return jobProgress({ jobId, state, resultsCount })
}

describe('storeJobProgress', () => {
  it('keeps the newest snapshot per job when a late reply carries an older one', () => {
    const client = new QueryClient()
    storeJobProgress(client, snapshot('a', 200))
    storeJobProgress(client, snapshot('a', 0))
    expect(client.getQueryData<JobProgress>(queryKeys.jobProgress('a'))?.resultsCount).toBe(200)
  })

  it('takes a state change that adds no results, such as throttling or a retry starting', () => {
    const client = new QueryClient()
    storeJobProgress(client, snapshot('a', 100, 'running'))
    storeJobProgress(client, snapshot('a', 100, 'throttled'))
    expect(client.getQueryData<JobProgress>(queryKeys.jobProgress('a'))?.state).toBe('throttled')
  })

  it('keeps jobs apart', () => {
    const client = new QueryClient()
    storeJobProgress(client, snapshot('a', 100))
    storeJobProgress(client, snapshot('b', 5))
    expect(client.getQueryData<JobProgress>(queryKeys.jobProgress('a'))?.resultsCount).toBe(100)
    expect(client.getQueryData<JobProgress>(queryKeys.jobProgress('b'))?.resultsCount).toBe(5)
  })
})
