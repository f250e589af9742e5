import { describe, expect, it } from 'vitest'
import type { LineResult } from './line-result'
import { decodeResultPage, encodeResultPage } from './result-page'

const ENTRIES: LineResult[] = [
  { storeNbr: 7, line: 2, input: '12345678905', value: '00012345678905', status: 'not_found', note: 'padded to 14 digits' },
  { storeNbr: 7, line: 3, input: 'Crème 🍮', value: null, status: 'invalid', invalidReason: 'characters', carried: ['Café', ''] }
]

describe('a page of results as it crosses to the window', () => {
  it('decodes to exactly the entries encoded, in bytes of their own', () => {
    const page = encodeResultPage({ entries: ENTRIES, next: 9 })
    expect(page).toMatchObject({ count: 2, next: 9 })
    expect(page.encoded.byteOffset).toBe(0)
    expect(page.encoded.byteLength).toBe(page.encoded.buffer.byteLength)
    expect(decodeResultPage(page)).toEqual(ENTRIES)
    expect(decodeResultPage(encodeResultPage({ entries: [], next: 0 }))).toEqual([])
  })

  it('refuses bytes that are not the list of entries they claim to be', () => {
    const page = encodeResultPage({ entries: ENTRIES, next: 9 })
    expect(() => decodeResultPage({ ...page, count: 3 })).toThrow('A page of results could not be read')
    expect(() => decodeResultPage({ ...page, encoded: new TextEncoder().encode('{"entries":[]}') })).toThrow(
      'A page of results could not be read'
    )
    expect(() => decodeResultPage({ ...page, encoded: new TextEncoder().encode('[{') })).toThrow('A page of results could not be read')
  })
})
