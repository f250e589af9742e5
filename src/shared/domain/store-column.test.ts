import { describe, expect, it } from 'vitest'
import { storeColumnOf, storeEntriesOfCells } from './store-column'

const column = (index: number, name: string, samples: string[]) => ({ index, name, samples })

describe('storeColumnOf', () => {
  it('takes the column whose header names stores', () => {
    const summary = { hasHeader: true, columns: [column(0, 'District', ['12', '12']), column(1, 'Store Nbr', ['1001', '1002'])] }
    expect(storeColumnOf(summary)).toBe(1)
  })

  it('without such a header, takes the column whose samples read as store numbers', () => {
    const summary = { hasHeader: true, columns: [column(0, 'Name', ['Downtown', 'Airport']), column(1, 'Code', ['1001', '100-120'])] }
    expect(storeColumnOf(summary)).toBe(1)
    expect(storeColumnOf({ hasHeader: false, columns: [column(0, 'A', ['x']), column(1, 'B', ['y'])] })).toBe(0)
  })
})

describe('storeEntriesOfCells', () => {
  it('reads each cell as a store, a list or a range', () => {
    expect(storeEntriesOfCells(['1001', '100-102, 7', ' 12 '])).toEqual(['1001', '100-102', '7', '12'])
  })
})
