import { describe, expect, it } from 'vitest'
import { createMemoryLogger } from '../logging/logger'
import { applyHistoryRetention, retentionCutoffs } from './history-retention'

const DAY = 86_400_000
const NOW = 1_760_000_000_000

describe('History retention', () => {
  it('drops full answers after N days and lookups after M, never keeping answers longer than their lookup', () => {
    expect(retentionCutoffs({ historyAnswerDays: 90, historyRetentionDays: 730 }, NOW)).toEqual({
      answers: NOW - 90 * DAY,
      lookups: NOW - 730 * DAY
    })
    expect(retentionCutoffs({ historyAnswerDays: 400, historyRetentionDays: 30 }, NOW)).toEqual({
      answers: NOW - 30 * DAY,
      lookups: NOW - 30 * DAY
    })
  })

  it('removes old lookups first, then trims answers, and logs a failure instead of stopping the start', async () => {
    const calls: string[] = []
    const log = createMemoryLogger()
    await applyHistoryRetention(
      {
        purgeStartedBefore: (cutoff) => (calls.push(`purge ${(NOW - cutoff) / DAY}`), Promise.resolve(1)),
        removeAnswersBefore: (cutoff) => (calls.push(`answers ${(NOW - cutoff) / DAY}`), Promise.resolve(2))
      },
      { historyAnswerDays: 90, historyRetentionDays: 730 },
      { now: () => NOW, log }
    )
    expect(calls).toEqual(['purge 730', 'answers 90'])
    await expect(
      applyHistoryRetention(
        { purgeStartedBefore: () => Promise.reject(new Error('disk full')), removeAnswersBefore: () => Promise.resolve(0) },
        { historyAnswerDays: 90, historyRetentionDays: 730 },
        { now: () => NOW, log }
      )
    ).resolves.toBeUndefined()
  })
})
