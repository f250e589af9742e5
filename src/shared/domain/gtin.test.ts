import { describe, expect, it } from 'vitest'
import { gs1CheckDigit, normalizeGtin, normalizeItemNumber, NOTE_PADDED, NOTE_ZEROS_RESTORED } from './gtin'

describe('GS1 check digit', () => {
  // Examples from GS1's check digit calculator documentation and well-known barcodes.
  it.each([
    ['400638133393', 1], // EAN-13 4006381333931
    ['03600029145', 2], // UPC-A 036000291452
    ['9638507', 4], // EAN-8 96385074
    ['1001234567890', 2], // GTIN-14 10012345678902
    ['0001234567890', 5], // GTIN-14 00012345678905, the Demo API's sample
    ['629104150021', 3] // GS1's own example: 6291041500213
  ])('data digits %s give check digit %i', (data, check) => {
    expect(gs1CheckDigit(data)).toBe(check)
  })
})

describe('normalizeGtin', () => {
  it.each([
    ['4006381333931', '04006381333931'],
    ['036000291452', '00036000291452'],
    ['96385074', '00000096385074'],
    ['6291041500213', '06291041500213']
  ])('accepts %s and pads it to 14 digits', (raw, value) => {
    expect(normalizeGtin(raw)).toEqual({ ok: true, value, note: NOTE_PADDED })
  })

  it('keeps a valid GTIN-14 as it is, trimming whitespace', () => {
    expect(normalizeGtin('  10012345678902\t')).toEqual({ ok: true, value: '10012345678902' })
  })

  it('restores leading zeros a spreadsheet dropped when the check digit holds', () => {
    expect(normalizeGtin('36000291452')).toEqual({ ok: true, value: '00036000291452', note: NOTE_ZEROS_RESTORED })
    expect(normalizeGtin('12345678905')).toEqual({ ok: true, value: '00012345678905', note: NOTE_ZEROS_RESTORED })
  })

  it('rejects 9 to 11 digits whose check digit does not hold as a wrong length', () => {
    expect(normalizeGtin('36000291453')).toMatchObject({ ok: false, reason: 'length' })
  })

  it.each([
    ['4006381333932', 'check_digit'],
    ['036000291451', 'check_digit'],
    ['96385075', 'check_digit'],
    ['1234567', 'length'],
    ['123456789012345', 'length'],
    ['12AB5678', 'characters'],
    ['0360-0029-1452', 'characters'],
    ['7.61E+12', 'scientific_notation'],
    ['7,61E+12', 'scientific_notation'],
    ['4.00638E+12', 'scientific_notation'],
    ['761e12', 'scientific_notation'],
    ['   ', 'empty']
  ])('rejects %j as %s with a sentence that says what to do', (raw, reason) => {
    const result = normalizeGtin(raw)
    expect(result).toMatchObject({ ok: false, reason })
    if (!result.ok) expect(result.message).toMatch(/\.$/)
  })

  it('says digits were lost by a spreadsheet for scientific notation', () => {
    const result = normalizeGtin('7.61E+12')
    expect(!result.ok && result.message).toContain('digits lost by a spreadsheet')
  })
})

describe('normalizeItemNumber', () => {
  it('accepts digits as given and rejects anything else', () => {
    expect(normalizeItemNumber(' 000552233 ')).toEqual({ ok: true, value: '000552233' })
    expect(normalizeItemNumber('55-22')).toMatchObject({ ok: false, reason: 'characters' })
    expect(normalizeItemNumber('5.5E+8')).toMatchObject({ ok: false, reason: 'scientific_notation' })
    expect(normalizeItemNumber('1'.repeat(21))).toMatchObject({ ok: false, reason: 'length' })
  })
})
