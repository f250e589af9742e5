import { describe, expect, it } from 'vitest'
import type { LookupSummary } from '../../../shared/domain/lookup-summary'
import { jobProgress } from '../test-support/job-progress'
import { answeredText, canResume, valuesLabel, whereLabel, withProgress } from './lookup-labels'
import { storesLabel } from '../run/job-summary'

function summary(patch: Partial<LookupSummary>): LookupSummary {
  return {
    jobId: '7',
    environment: 'demo',
    itemType: 'gtin',
    stores: [1234],
    source: 'app',
    startedAt: '2025-03-03T14:02:11.000Z',
    finishedAt: '2025-03-03T14:05:00.000Z',
    state: 'finished',
    runningHere: false,
    lines: 10,
    found: 6,
    notFound: 2,
    invalid: 1,
    duplicate: 1,
    failed: 0,
    cancelled: 0,
    carriedColumns: [],
    ...patch
  }
}

describe('lookup labels', () => {
  it('names one store by its number and several by their count', () => {
    expect(storesLabel([1234])).toBe('Store 1234')
    expect(storesLabel(Array.from({ length: 40 }, (_, i) => i + 1))).toBe('40 stores')
    expect(whereLabel(summary({ environment: 'production', stores: [5, 6] }))).toBe('Production · 2 stores')
  })

  it('says how many values of which kind', () => {
    expect(valuesLabel({ lines: 1, itemType: 'gtin' })).toBe('1 GTIN')
    expect(valuesLabel({ lines: 1200, itemType: 'wm_item_number' })).toBe('1,200 item numbers')
  })

  it('counts answers per store, and offers Resume only for a stopped lookup with lines left', () => {
    expect(answeredText(summary({}))).toBeNull()
    const cancelled = summary({ state: 'cancelled', found: 3, notFound: 1, invalid: 1, duplicate: 0, cancelled: 5 })
    expect(answeredText(cancelled)).toBe('5 of 10 answered')
    expect(canResume(cancelled)).toBe(true)
    // Two stores: each value is asked once per store.
    const interrupted = summary({ state: 'interrupted', stores: [1, 2], found: 12, notFound: 2, invalid: 2, duplicate: 2, cancelled: 2 })
    expect(answeredText(interrupted)).toBe('18 of 20 answered')
    expect(canResume(interrupted)).toBe(true)
    // Cancelled at the last answer: nothing to resume.
    expect(canResume(summary({ state: 'cancelled' }))).toBe(false)
    expect(canResume(summary({ state: 'running', found: 0, notFound: 0, invalid: 0, duplicate: 0 }))).toBe(false)
  })

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

describe('formatBytes', () => {
  it('says sizes as a file manager does', async () => {
    const { formatBytes } = await import('../format/format')
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(812)).toBe('812 bytes')
    expect(formatBytes(304_844)).toBe('297.7 KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB')
  })
})
