import { describe, expect, it } from 'vitest'
import {
  formatStoreList,
  lookupSizeProblem,
  MAX_STORE_VALUE_PAIRS,
  parseStoreEntries,
  parseStoreList,
  splitStoreList,
  storesSchema
} from './store-list'

function storesOf(text: string): number[] {
  const check = parseStoreList(text)
  if (!check.ok) throw new Error(`expected a valid list, got: ${check.message}`)
  return check.stores
}

describe('splitStoreList', () => {
  it('splits on commas, semicolons, spaces, tabs and new lines, and keeps ranges whole', () => {
    expect(splitStoreList('100, 200;300\t400\r\n500\n\n  600-602 ,700 - 702\n800– 805')).toEqual([
      '100',
      '200',
      '300',
      '400',
      '500',
      '600-602',
      '700-702',
      '800-805'
    ])
  })

  it('reads a hyphen right before a number after a space as a minus sign, not a range', () => {
    expect(splitStoreList('100 -5')).toEqual(['100', '-5'])
  })
})

describe('parseStoreList', () => {
  it('takes one store', () => {
    expect(parseStoreList(' 1234 ')).toEqual({ ok: true, stores: [1234], duplicatesRemoved: 0, message: null })
  })

  it('expands ranges in the order given', () => {
    expect(storesOf('300, 100-103, 7')).toEqual([300, 100, 101, 102, 103, 7])
  })

  it('reads a reversed range as the same stores, low to high', () => {
    expect(storesOf('120-117')).toEqual([117, 118, 119, 120])
    expect(storesOf('5-5')).toEqual([5])
  })

  it('removes the stores overlapping ranges and repeats share, and says how many', () => {
    const check = parseStoreList('100-110, 105-115\n100\n120')
    expect(check).toEqual({
      ok: true,
      stores: [...Array.from({ length: 16 }, (_, i) => 100 + i), 120],
      duplicatesRemoved: 7,
      message: '7 stores were listed more than once; each is looked up once.'
    })
    expect(parseStoreList('12, 12')).toMatchObject({
      ok: true,
      stores: [12],
      duplicatesRemoved: 1,
      message: 'One store was listed twice; it is looked up once.'
    })
  })

  it('keeps leading zeros out of the number, as a typed store number does today', () => {
    expect(storesOf('0100')).toEqual([100])
  })

  it('names 0, -5 and 12a as not store numbers', () => {
    expect(parseStoreList('0')).toEqual({
      ok: false,
      bad: ['0'],
      message: '"0" is not a store number; use a whole number from 1 to 999999, or a range such as 100-120.'
    })
    expect(parseStoreList('100, -5, 12a, 200')).toEqual({
      ok: false,
      bad: ['-5', '12a'],
      message: '"-5" and "12a" are not store numbers; use whole numbers from 1 to 999999, or ranges such as 100-120.'
    })
    expect(parseStoreList('0, -5, 12a')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^"0", "-5" and "12a" are not store numbers;/)
    })
  })

  it('refuses ranges with a bad end, numbers above 999999, decimals and stray hyphens', () => {
    const check = parseStoreList('0-5 1000000 12.5 1-2-3 7-')
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.bad).toEqual(['0-5', '1000000', '12.5', '1-2-3', '7-'])
    expect(parseStoreList('999999')).toMatchObject({ ok: true, stores: [999_999] })
  })

  it('names only the first five bad entries and shortens long ones', () => {
    const check = parseStoreList('a b c d e f g h, this-is-a-very-long-pasted-word')
    expect(check).toMatchObject({
      ok: false,
      message: '"a", "b", "c", "d", "e" and 4 more are not store numbers; use whole numbers from 1 to 999999, or ranges such as 100-120.'
    })
    expect(parseStoreList('this-is-a-very-long-pasted-word').message).toBe(
      '"this-is-a-very-long…" is not a store number; use a whole number from 1 to 999999, or a range such as 100-120.'
    )
  })

  it('asks for a store when there is none', () => {
    expect(parseStoreList(' ,\n ')).toEqual({
      ok: false,
      bad: [],
      message: 'Enter a store number, or several separated by commas, such as 1234 or 100-120.'
    })
  })

  it('takes 500 stores and refuses 501', () => {
    expect(storesOf('1-500')).toHaveLength(500)
    expect(storesOf(Array.from({ length: 500 }, (_, i) => String(1000 + i * 3)).join('\n'))).toHaveLength(500)
    expect(parseStoreList('1-500, 9000')).toEqual({
      ok: false,
      bad: [],
      message: 'That is 501 stores; one lookup takes at most 500, so remove some or split the list into several lookups.'
    })
  })

  it('counts overlapping ranges once against the 500-store limit', () => {
    expect(storesOf('1-400, 100-500, 1-500')).toHaveLength(500)
    expect(parseStoreList('1-400, 200-501')).toMatchObject({ ok: false, message: expect.stringMatching(/^That is 501 stores;/) })
  })

  it('refuses a range of 10,000 stores, and the widest range there is, without listing them', () => {
    expect(parseStoreList('10000-19999')).toMatchObject({ ok: false, bad: [], message: expect.stringMatching(/^That is 10,000 stores;/) })
    expect(parseStoreList('1-999999')).toMatchObject({ ok: false, message: expect.stringMatching(/^That is 999,999 stores;/) })
  })
})

describe('parseStoreEntries', () => {
  it('reads cells of an imported column, a range in a cell included, and skips blank cells', () => {
    expect(parseStoreEntries(['1234', ' ', '100-102', '1234'])).toEqual({
      ok: true,
      stores: [1234, 100, 101, 102],
      duplicatesRemoved: 1,
      message: 'One store was listed twice; it is looked up once.'
    })
  })
})

describe('lookupSizeProblem', () => {
  it('allows up to 2,000,000 store and value pairs and says why beyond', () => {
    expect(MAX_STORE_VALUE_PAIRS).toBe(2_000_000)
    expect(lookupSizeProblem(500, 4_000)).toBeNull()
    expect(lookupSizeProblem(20, 100_000)).toBeNull()
    expect(lookupSizeProblem(20, 100_001)).toBe(
      '20 stores x 100,001 values makes 2,000,020 store and value pairs; one lookup takes at most 2,000,000, so use fewer stores or values.'
    )
    expect(lookupSizeProblem(1, 2_000_001)).toMatch(/^1 store x 2,000,001 values/)
  })
})

describe('formatStoreList', () => {
  it('writes runs of three or more as ranges, in the list order, and reads back as the same stores', () => {
    const stores = [300, 100, 101, 102, 103, 7, 8, 20]
    expect(formatStoreList(stores)).toBe('300, 100-103, 7, 8, 20')
    expect(storesOf(formatStoreList(stores))).toEqual(stores)
    expect(formatStoreList([5])).toBe('5')
    expect(formatStoreList([])).toBe('')
  })
})

describe('storesSchema', () => {
  it('takes 1 to 500 distinct store numbers and refuses repeats, 0 and more than 500', () => {
    expect(storesSchema.safeParse([1, 999_999]).success).toBe(true)
    expect(storesSchema.safeParse([]).success).toBe(false)
    expect(storesSchema.safeParse([12, 12]).success).toBe(false)
    expect(storesSchema.safeParse([0]).success).toBe(false)
    expect(storesSchema.safeParse([1.5]).success).toBe(false)
    expect(storesSchema.safeParse(Array.from({ length: 501 }, (_, i) => i + 1)).success).toBe(false)
  })
})
