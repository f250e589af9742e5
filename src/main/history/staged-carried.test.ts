import { describe, expect, it } from 'vitest'
import { decodeSlice } from './carried-slices'
import { packCells } from '../workers/packed-cells'
import { createCarriedStaging, STAGED_CELLS_GONE_MESSAGE } from './staged-carried'

describe("carried cells staged on History's writer", () => {
  it('are compressed into slices in line order as the parts arrive, rows the file lacks left out', () => {
    const staging = createCarriedStaging()
    staging.add('a', { lines: [2, 3, 5], rows: ['x', null, 'y'] })
    staging.add('a', { lines: [9], rows: [''] })
    const slices = staging.take('a')
    expect(slices.map(({ first, last }) => [first, last])).toEqual([
      [2, 5],
      [9, 9]
    ])
    expect(slices.flatMap((slice) => [...decodeSlice(slice.cells)])).toEqual([
      [2, 'x'],
      [5, 'y'],
      [9, '']
    ])
  })

  it("are staged alike whether a part comes as rows or packed, as the files worker packs an imported file's", () => {
    const staging = createCarriedStaging()
    staging.add('rows', { lines: [2, 3, 5], rows: ['x', null, 'y'] })
    staging.add('packed', { lines: Float64Array.of(2, 3, 5), rows: packCells(['x', null, 'y']) })
    expect(staging.take('packed')).toEqual(staging.take('rows'))
  })

  it('refuse a part out of line order, which would make slices overlap', () => {
    const staging = createCarriedStaging()
    staging.add('a', { lines: [4, 6], rows: ['x', 'y'] })
    expect(() => staging.add('a', { lines: [5], rows: ['z'] })).toThrow('out of line order')
  })

  it('are let go once taken or dropped, and a lookup asking for them then gets a sentence', () => {
    const staging = createCarriedStaging()
    staging.add('a', { lines: [1], rows: ['x'] })
    staging.add('b', { lines: [1], rows: ['x'] })
    staging.take('a')
    staging.drop('b')
    expect(() => staging.take('a')).toThrow(STAGED_CELLS_GONE_MESSAGE)
    expect(() => staging.take('b')).toThrow(STAGED_CELLS_GONE_MESSAGE)
  })

  it('keep a bounded number of sets: one left behind by a start that failed goes first', () => {
    const staging = createCarriedStaging()
    for (let set = 0; set < 9; set++) staging.add(`set ${set}`, { lines: [1], rows: ['x'] })
    expect(() => staging.take('set 0')).toThrow(STAGED_CELLS_GONE_MESSAGE)
    for (let set = 1; set < 9; set++) expect(staging.take(`set ${set}`)).toHaveLength(1)
  })
})
