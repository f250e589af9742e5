import { describe, expect, it } from 'vitest'
import { encodeResultPage, decodeResultPage } from '../../shared/domain/result-page'
import type { LineResult } from '../../shared/domain/line-result'
import { createPageRedaction } from './page-redaction'

const PAGE = encodeResultPage({
  entries: [
    { storeNbr: 1, line: 1, input: 'first-learned-value', value: null, status: 'invalid' },
    { storeNbr: 1, line: 2, input: 'later-learned-value', value: null, status: 'invalid' }
  ] satisfies LineResult[],
  next: 2
})

describe('a page of results checked where it is read', () => {
  it('hands the same bytes on when nothing main knows is in them, and removes a value main learns later from the next page', () => {
    const redacted = createPageRedaction()
    expect(redacted(PAGE, ['nothing-in-this-page']).encoded).toBe(PAGE.encoded)
    const first = decodeResultPage(redacted(PAGE, ['first-learned-value']))
    expect(first.map(({ input }) => input)).toEqual(['[redacted]', 'later-learned-value'])
    const later = decodeResultPage(redacted(PAGE, ['first-learned-value', 'later-learned-value']))
    expect(later.map(({ input }) => input)).toEqual(['[redacted]', '[redacted]'])
    expect(redacted(PAGE, ['first-learned-value', 'later-learned-value'])).toMatchObject({ count: 2, next: 2 })
  })
})
