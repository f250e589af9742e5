import { describe, expect, it } from 'vitest'
import { countCategories, type CompareRow } from '../../shared/compare/compare-lookups'
import { packComparedRows, unpackComparedRows } from './compare-rows-codec'

const ROWS: CompareRow[] = [
  {
    store: 1234,
    value: '00012345678905',
    then: { line: 3, input: '12345678905', status: 'in_stock', onHand: 12.5 },
    now: { line: 7, input: '00012345678905', status: 'out_of_stock', onHand: 0 },
    change: -12.5,
    category: 'newly_out',
    itemName: 'Oat milk 1 L — “barista”'
  },
  {
    store: 88,
    value: '00000000000017',
    then: null,
    now: { line: 1, input: '17', status: 'failed', onHand: null },
    change: null,
    category: 'only_one'
  },
  {
    store: 5,
    value: '00000000000024',
    then: { line: 200_000, input: '', status: 'not_found', onHand: null },
    now: null,
    change: null,
    category: 'only_one',
    itemName: ''
  },
  {
    store: 5,
    value: '00000000000031',
    then: { line: 2, input: '31', status: 'shelf_empty', onHand: 4 },
    now: { line: 2, input: '31', status: 'low_stock', onHand: 6.25 },
    change: 2.25,
    category: 'changed'
  }
]

describe("a comparison's rows packed for the way from History's reader thread", () => {
  it('come back exactly as they were: sides missing, no change, fractional figures, names left out or blank', () => {
    const compared = { rows: ROWS, counts: countCategories(ROWS) }
    const packed = packComparedRows(compared)
    expect(unpackComparedRows(packed)).toStrictEqual(compared)
    // The ways across are typed arrays and one text, not an object per row.
    expect(typeof packed.text).toBe('string')
    expect(packed.lengths).toHaveLength(ROWS.length * 4)
  })

  it('pack a comparison without rows', () => {
    const none = { rows: [], counts: countCategories([]) }
    expect(unpackComparedRows(packComparedRows(none))).toStrictEqual(none)
  })
})
