import { describe, expect, it } from 'vitest'
import { packCells, unpackCells } from './packed-cells'

describe('cells packed for a message between threads', () => {
  it('come back as they were: nulls, empty cells, accents, symbols beyond the basic plane', () => {
    const cells = ['Dèsk lamp', null, '', '🔦 torch, 2×', 'x\u001fy', null]
    const packed = packCells(cells)
    expect(packed.bytes).toBeInstanceOf(Uint8Array)
    expect(unpackCells(packed)).toStrictEqual(cells)
  })

  it('keep the cells after a lone surrogate where they were, the surrogate read as U+FFFD', () => {
    expect(unpackCells(packCells(['a\ud800b', 'next', '\udfff']))).toStrictEqual(['a\ufffdb', 'next', '\ufffd'])
  })

  it('pack no cells', () => {
    expect(unpackCells(packCells([]))).toStrictEqual([])
  })
})
