import { describe, expect, it } from 'vitest'
import { linesOfColumn } from './import-lines'

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
