import { describe, expect, it } from 'vitest'
import { packValues, unpackValues, valueCount, valueList } from './search-request'

describe("a search's values, packed as one text and their lengths", () => {
  it('packs a list and gives it back as it was, blank and non-Latin values included', () => {
    const values = ['00012345678905', '', 'Crème brûlée 🍮', '7']
    const packed = packValues(values)
    expect(packed).toEqual({ text: '00012345678905Crème brûlée 🍮7', lengths: [14, 0, 15, 1] })
    expect(valueList(packed)).toEqual(values)
    expect(valueCount(packed)).toBe(4)
    expect(valueCount(values)).toBe(4)
    expect(packValues(packed)).toBe(packed)
    expect(valueList([])).toEqual([])
    expect(unpackValues('', [])).toEqual([])
  })

  it('refuses lengths that do not cut the text into that many values', () => {
    expect(() => unpackValues('0001234567890500036000291452', [14, 13])).toThrow(/2 values .* 28 characters/)
    expect(() => unpackValues('00012345678905', [14, 1])).toThrow(/do not split so/)
    expect(() => unpackValues('00012345678905', [15, -1])).toThrow(/do not split so/)
    expect(() => unpackValues('00012345678905', [7.5, 6.5])).toThrow(/do not split so/)
    expect(() => unpackValues('x', [])).toThrow(/do not split so/)
  })
})
