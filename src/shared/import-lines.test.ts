import { describe, expect, it } from 'vitest'
import { linesOfColumn, repeatedLine } from './import-lines'

describe('values of an imported column', () => {
  it("pair each value with the file's row number", () => {
    expect(linesOfColumn({ lines: [2, 6], values: '00012345678905\u00004006381333931' })).toEqual([
      { line: 2, input: '00012345678905' },
      { line: 6, input: '4006381333931' }
    ])
  })

  it('keep an empty column empty, and a single empty-looking value as it is', () => {
    expect(linesOfColumn({ lines: [], values: '' })).toEqual([])
    expect(linesOfColumn({ lines: [4], values: 'a,b' })).toEqual([{ line: 4, input: 'a,b' }])
  })
})

describe('a line number given twice', () => {
  const list = (...numbers: number[]) => Float64Array.from(numbers)

  it('is the first number seen again, or null when every number is its own', () => {
    expect(repeatedLine(list())).toBeNull()
    expect(repeatedLine(list(1, 2, 3, 8, 9, 16))).toBeNull()
    expect(repeatedLine(list(5, 7, 9, 7, 5))).toBe(7)
    expect(repeatedLine(list(0, 8, 0))).toBe(0)
    expect(repeatedLine(list(8, 16, 15, 16))).toBe(16)
  })

  it('is found among far-apart, fractional and negative numbers too', () => {
    expect(repeatedLine(list(3, 2_000_000_000, 4, 2_000_000_000))).toBe(2_000_000_000)
    expect(repeatedLine(list(3, 2_000_000_000, 4))).toBeNull()
    expect(repeatedLine(list(1.5, 2, 1.5))).toBe(1.5)
    expect(repeatedLine(list(-1, 2, -1))).toBe(-1)
  })

  it('is found in a 200,000-line list whose last line repeats its first', () => {
    const numbers = Array.from({ length: 200_000 }, (_, index) => index + 2)
    expect(repeatedLine(numbers)).toBeNull()
    expect(repeatedLine([...numbers, 2])).toBe(2)
  })
})
