import { describe, expect, it } from 'vitest'
import { formatsFor } from './format'

/** fr-FR groups with a narrow no-break space and de-DE/fr-FR dates use their own order: compared with plain spaces. */
const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')
const AFTERNOON = '2025-03-14T14:02:11Z'
const local = (iso: string) => new Date(iso)

describe('screen formats in en-US, de-DE and fr-FR', () => {
  const en = formatsFor('en-US')
  const de = formatsFor('de-DE')
  const fr = formatsFor('fr-FR')

  it('groups counts and writes quantities with the locale’s decimal mark', () => {
    expect([en.count(1234.5), de.count(1234.5), spaced(fr.count(1234.5))]).toEqual(['1,234.5', '1.234,5', '1 234,5'])
    expect([en.count(200_000), de.count(200_000), spaced(fr.count(200_000))]).toEqual(['200,000', '200.000', '200 000'])
    expect([en.rate(12.34), de.rate(12.34), fr.rate(12.34)]).toEqual(['12.3', '12,3', '12,3'])
  })

  it('says sizes with the locale’s decimal mark', () => {
    expect([en.bytes(304_844), de.bytes(304_844), fr.bytes(304_844)]).toEqual(['297.7 KB', '297,7 KB', '297,7 KB'])
    expect(de.bytes(1)).toBe('1 byte')
  })

  it('writes dates and times in the locale’s order, on a 24-hour clock', () => {
    const at = local(AFTERNOON)
    const hh = String(at.getHours()).padStart(2, '0')
    const dd = String(at.getDate()).padStart(2, '0')
    expect(de.clock(AFTERNOON)).toBe(`${hh}:02`)
    expect(en.clockSeconds(AFTERNOON)).toBe(`${hh}:02:11`)
    expect(de.dateTime(AFTERNOON)).toBe(`${dd}.03.2025, ${hh}:02`)
    expect(spaced(fr.dateTime(AFTERNOON))).toMatch(new RegExp(`^${Number(dd)} mars 2025(,| à) ${hh}:02$`))
    expect(en.dateTime(AFTERNOON)).toMatch(new RegExp(`^Mar ${Number(dd)}, 2025, \\d{1,2}:02\\s?[AP]M$`))
  })

  it('offers the CSV separator the locale’s spreadsheets expect', () => {
    expect([en.csvSeparator(), de.csvSeparator(), fr.csvSeparator()]).toEqual(['comma', 'semicolon', 'semicolon'])
  })
})
