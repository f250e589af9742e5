import { describe, expect, it } from 'vitest'
import { decodeWire, encodeWire } from './wire-codec'

describe("the harness bridge's wire", () => {
  it('carries the typed arrays the contract holds as a structured clone would, and a look-alike object as it is', () => {
    const value = {
      bytes: Uint8Array.of(0, 255, 7),
      counts: Int32Array.of(-1, 0, 2_000_000_000),
      at: Float64Array.of(1_750_000_000_000.5, Number.NaN),
      // An Int32Array seen through part of a larger buffer sends only its own numbers.
      part: new Int32Array(Int32Array.of(1, 2, 3, 4).buffer, 4, 2),
      lookAlike: { $bytes: 'AAE=', $array: 'Function' },
      text: 'plain'
    }
    const decoded = decodeWire(encodeWire(value)) as typeof value
    expect(decoded.bytes).toEqual(value.bytes)
    expect(decoded.counts).toBeInstanceOf(Int32Array)
    expect([...decoded.counts]).toEqual([-1, 0, 2_000_000_000])
    expect(decoded.at).toBeInstanceOf(Float64Array)
    expect([...decoded.at]).toEqual([1_750_000_000_000.5, Number.NaN])
    expect([...decoded.part]).toEqual([2, 3])
    expect(decoded.lookAlike).toEqual(value.lookAlike)
    expect(decoded.text).toBe('plain')
  })
})
