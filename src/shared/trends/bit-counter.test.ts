import { describe, expect, it } from 'vitest'
import { BitCounter } from './bit-counter'

function bitsOf(words: number, positions: number[]): Uint32Array {
  const bits = new Uint32Array(words)
  for (const position of positions) bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31))
  return bits
}

function totals(counter: BitCounter): Map<string, number> {
  const counts = new Map<string, number>()
  counter.forEachWeight((column, position, weight) => {
    const key = `${column}:${position}`
    counts.set(key, (counts.get(key) ?? 0) + weight)
  })
  return counts
}

describe('BitCounter', () => {
  it('counts how many bitsets set each position of each column, past a power of two', () => {
    const counter = new BitCounter(2, 2)
    for (let n = 0; n < 5; n += 1) counter.add(0, bitsOf(2, [0, 31, 63]))
    for (let n = 0; n < 3; n += 1) counter.add(1, bitsOf(2, [32]))
    counter.add(0, bitsOf(2, [31]))
    expect(totals(counter)).toEqual(
      new Map([
        ['0:0', 5],
        ['0:31', 6],
        ['0:63', 5],
        ['1:32', 3]
      ])
    )
  })

  it('agrees with counting bit by bit over many random bitsets', () => {
    let seed = 7
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24
    const counter = new BitCounter(3, 3)
    const expected = new Map<string, number>()
    for (let n = 0; n < 300; n += 1) {
      const column = Math.floor(random() * 3)
      const positions = Array.from({ length: 96 }, (_, position) => position).filter(() => random() < 0.2)
      counter.add(column, bitsOf(3, positions))
      for (const position of positions) expected.set(`${column}:${position}`, (expected.get(`${column}:${position}`) ?? 0) + 1)
    }
    expect(totals(counter)).toEqual(expected)
  })

  it('has nothing to visit before anything is added, and ignores words past its width', () => {
    const counter = new BitCounter(1, 1)
    expect(totals(counter).size).toBe(0)
    counter.add(0, bitsOf(2, [3, 40]))
    expect(totals(counter)).toEqual(new Map([['0:3', 1]]))
  })
})
