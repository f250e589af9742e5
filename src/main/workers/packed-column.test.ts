import { describe, expect, it } from 'vitest'
import { packInputColumn } from '../../shared/input-column'
import { packColumn, packLines, unpackLines } from './packed-lines'

describe("a lookup's column packed at main's door", () => {
  it('packs as the line objects pack: ASCII, beyond it, astral, empty values and a NUL made U+FFFD', () => {
    const lines = Array.from({ length: 1_500 }, (_, index) => ({
      line: index * 3 + 1,
      input: index === 1_200 ? 'Crème brûlée 🍮' : index === 1_300 ? '𝄞' : index % 97 === 0 ? '' : String(10_000_000_000_000 + index)
    }))
    const packed = packColumn(packInputColumn(lines))
    expect(packed).toEqual(packLines(lines))
    expect(packed?.bytes.byteLength).toBe(packed?.bytes.buffer.byteLength)
    expect(unpackLines(packed ?? packLines([]))).toEqual(lines)
    const withNul = packColumn(packInputColumn([{ line: 4, input: 'a\u0000b' }]))
    expect(unpackLines(withNul ?? packLines([]))).toEqual([{ line: 4, input: 'a\uFFFDb' }])
  })

  it('packs a column whose values are all empty, and one with no lines', () => {
    const empties = [
      { line: 1, input: '' },
      { line: 2, input: '' },
      { line: 3, input: '' }
    ]
    expect(unpackLines(packColumn(packInputColumn(empties)) ?? packLines([]))).toEqual(empties)
    expect(packColumn({ lines: new Float64Array(0), values: '' })).toEqual(packLines([]))
  })

  it('gives null for a column whose numbers and values do not pair up', () => {
    expect(packColumn({ lines: Float64Array.of(1, 2), values: 'a' })).toBeNull()
    expect(packColumn({ lines: Float64Array.of(1), values: 'a\u0000b' })).toBeNull()
    expect(packColumn({ lines: Float64Array.of(1, 2), values: '\u0000\u0000' })).toBeNull()
    expect(packColumn({ lines: new Float64Array(0), values: 'a' })).toBeNull()
  })
})
