import { describe, expect, it } from 'vitest'
import { numberInText, parseNumberFilter } from './number-filter'

function matches(query: string, values: number[]): number[] {
  const test = parseNumberFilter(query)
  if (test === null || test === 'invalid') throw new Error(`${query} is not a filter`)
  return values.filter(test)
}

const VALUES = [-1, 0, 0.5, 1, 2, 3, 5, 5.5, 10, 90, 140, 160]

describe('parseNumberFilter', () => {
  it('reads a bare number as equal: 0 matches 0 only, never 90, 140 or 160', () => {
    expect(matches('0', VALUES)).toEqual([0])
    expect(matches(' 5.5 ', VALUES)).toEqual([5.5])
    expect(matches('-1', VALUES)).toEqual([-1])
  })

  it.each([
    ['>5', [5.5, 10, 90, 140, 160]],
    ['>= 5', [5, 5.5, 10, 90, 140, 160]],
    ['<1', [-1, 0, 0.5]],
    ['<=1', [-1, 0, 0.5, 1]],
    ['=0', [0]],
    ['==3', [3]],
    ['2-5', [2, 3, 5]],
    ['5-2', [2, 3, 5]],
    ['0.5 - 1', [0.5, 1]],
    ['2..5', [2, 3, 5]],
    ['2 to 5', [2, 3, 5]],
    ['-1-0', [-1, 0]]
  ])('%s', (query, expected) => {
    expect(matches(query, VALUES)).toEqual(expected)
  })

  it('is empty for blank text and invalid for anything else', () => {
    expect(parseNumberFilter('  ')).toBeNull()
    for (const query of ['abc', '>', '5-', '>>5', '1,5', '2-5-7']) expect(parseNumberFilter(query)).toBe('invalid')
  })
})

describe('numberInText', () => {
  it('reads cells written as plain numbers and nothing else', () => {
    expect(numberInText(' 12 ')).toBe(12)
    expect(numberInText('0.25')).toBe(0.25)
    expect(numberInText('12 pack')).toBeNaN()
    expect(numberInText('')).toBeNaN()
  })
})
