import { describe, expect, it } from 'vitest'
import { decimalMark, formatNumber } from './numbers'

/** fr-FR groups with a narrow no-break space (U+202F): shown here as a plain space to compare. */
const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

describe('numbers in a locale', () => {
  it('groups thousands and writes the decimal mark of en-US, de-DE and fr-FR', () => {
    expect(formatNumber(1234.5, { locale: 'en-US' })).toBe('1,234.5')
    expect(formatNumber(1234.5, { locale: 'de-DE' })).toBe('1.234,5')
    expect(spaced(formatNumber(1234.5, { locale: 'fr-FR' }))).toBe('1 234,5')
    expect(formatNumber(200_000, { locale: 'de-DE' })).toBe('200.000')
  })

  it('rounds to the fraction digits asked for and leaves out trailing zeros', () => {
    expect(formatNumber(80.46, { maximumFractionDigits: 1, locale: 'de-DE' })).toBe('80,5')
    expect(formatNumber(80, { maximumFractionDigits: 1, locale: 'en-US' })).toBe('80')
    expect(formatNumber(12.755, { maximumFractionDigits: 2, locale: 'fr-FR' })).toBe('12,76')
  })

  it('tells the decimal mark, which decides the CSV separator a spreadsheet expects', () => {
    expect(decimalMark('en-US')).toBe('.')
    expect(decimalMark('de-DE')).toBe(',')
    expect(decimalMark('fr-FR')).toBe(',')
  })
})
