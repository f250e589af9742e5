import { describe, expect, it } from 'vitest'
import { packLines, unpackLines } from './packed-lines'

describe('lines packed as UTF-8 bytes', () => {
  it('gives back every line and value, ASCII chunks and values beyond it in any chunk, blank values included', () => {
    const lines = Array.from({ length: 1_500 }, (_, index) => ({
      line: index * 3 + 1,
      input: index === 1_200 ? 'Crème brûlée 🍮' : index % 97 === 0 ? '' : String(10_000_000_000_000 + index)
    }))
    const packed = packLines(lines)
    expect(packed.bytes.byteLength).toBe(packed.bytes.buffer.byteLength)
    const { starts } = packed
    expect(starts).toHaveLength(1_501)
    expect([1_199, 1_200, 1_201].map((index) => (starts[index + 1] ?? 0) - (starts[index] ?? 0))).toEqual([14, 20, 14])
    expect(starts[1_500]).toBe(packed.bytes.byteLength)
    expect(unpackLines(packed)).toEqual(lines)
  })

  it('holds a list of long values beyond ASCII, however much room the first chunk foretold', () => {
    const lines = [...Array.from({ length: 600 }, (_, index) => ({ line: index + 1, input: '1' })), { line: 601, input: 'ж'.repeat(5_000) }]
    const packed = packLines(lines)
    expect(packed.bytes.byteLength).toBe(600 + 10_000)
    expect(unpackLines(packed)).toEqual(lines)
  })

  it('keeps a value with a lone surrogate its length, as U+FFFD', () => {
    expect(unpackLines(packLines([{ line: 1, input: 'a\uD800b' }]))).toEqual([{ line: 1, input: 'a\uFFFDb' }])
  })

  it('packs an empty list', () => {
    expect(unpackLines(packLines([]))).toEqual([])
  })
})
