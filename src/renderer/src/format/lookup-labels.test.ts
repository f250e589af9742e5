import { describe, expect, it } from 'vitest'
import { lookupSummary as summary } from '../test-support/lookup-summary'
import { answeredText, canResume, storesLabel, valuesLabel, whereLabel } from './lookup-labels'

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
})
