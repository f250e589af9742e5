import { describe, expect, it } from 'vitest'
import { gs1CheckDigit } from './gtin'
import { containsValue, splitValues, summarizeValidation, validateLines } from './values'

const numbered = (inputs: string[]) => inputs.map((input, index) => ({ line: index + 1, input }))

describe('splitValues', () => {
  it('splits on new lines, commas, semicolons, tabs and spaces', () => {
    expect(splitValues('036000291452\r\n4006381333931,96385074;10012345678902\t12345678905  7.61E+12\r')).toEqual([
      '036000291452',
      '4006381333931',
      '96385074',
      '10012345678902',
      '12345678905',
      '7.61E+12'
    ])
    expect(splitValues(' \n,; \t')).toEqual([])
  })

  it('tells a text with a value from one of separators only, as splitting would', () => {
    expect(containsValue(' \n,; \t')).toBe(false)
    expect(containsValue('')).toBe(false)
    expect(containsValue(' ,;x')).toBe(true)
  })
})

describe('validateLines', () => {
  it('gives every line exactly one state and finds duplicates after normalization', () => {
    const validated = validateLines(
      numbered(['036000291452', '00036000291452', '36000291452', '4006381333932', 'abc', '7.61E+12', '96385074', '']),
      'gtin'
    )
    expect(validated.map((entry) => entry.kind)).toEqual([
      'valid',
      'duplicate',
      'duplicate',
      'invalid',
      'invalid',
      'invalid',
      'valid',
      'invalid'
    ])
    expect(validated[1]).toMatchObject({ duplicateOf: 1, value: '00036000291452' })
    expect(validated[2]).toMatchObject({ duplicateOf: 1 })
    expect(summarizeValidation(validated)).toEqual({
      total: 8,
      valid: 2,
      padded: 2,
      leadingZerosRestored: 0,
      checkDigit: 1,
      lengthOrCharacters: 2,
      scientificNotation: 1,
      duplicate: 2
    })
  })

  it('keeps the line numbers it was given (file rows start after the header)', () => {
    const validated = validateLines(
      [
        { line: 2, input: '12345678905' },
        { line: 5, input: '00012345678905' }
      ],
      'gtin'
    )
    expect(validated).toEqual([
      { kind: 'valid', line: 2, input: '12345678905', value: '00012345678905', note: 'leading zeros restored' },
      { kind: 'duplicate', line: 5, input: '00012345678905', value: '00012345678905', duplicateOf: 2 }
    ])
  })

  it('validates Walmart item numbers as digits only', () => {
    const validated = validateLines(numbered(['552233441', '552233441', '55A']), 'wm_item_number')
    expect(validated.map((entry) => entry.kind)).toEqual(['valid', 'duplicate', 'invalid'])
  })

  it('handles 200,000 lines in one pass', () => {
    const lines = Array.from({ length: 200_000 }, (_, index) => {
      const data = String(10_000_000_000 + index).padStart(13, '0')
      return { line: index + 1, input: `${data}${gs1CheckDigit(data)}` }
    })
    const summary = summarizeValidation(validateLines(lines, 'gtin'))
    expect(summary).toMatchObject({ total: 200_000, valid: 200_000, duplicate: 0 })
  })
})
