import { describe, expect, it } from 'vitest'
import { applyEntries } from './result-set'
import { failed, found, notFound, setOf } from './test-support/line-results'

describe('applyEntries', () => {
  it('lets a later entry for a line replace the earlier one, and recounts statuses by line', () => {
    const first = setOf([found(1, '00041234567893', [1, 2]), failed])
    expect(first.counts).toMatchObject({ found: 1, failed: 1 })
    expect(first.table.rows.map((row) => row.key)).toEqual(['1:0', '1:1', '6:0'])

    const retried = applyEntries(first, [found(6, '00000000000017', [9])], 3)
    expect(retried.counts).toMatchObject({ found: 2, failed: 0 })
    expect(retried.table.rows.map((row) => row.key)).toEqual(['1:0', '1:1', '6:0'])
    expect(retried.table.rows[2]?.status).toBe('found')
    expect(retried.next).toBe(3)
    expect(first.table.rows[2]?.status).toBe('failed')
  })

  it('orders rows by line whatever order the log has them in', () => {
    const { table } = setOf([failed, notFound, found(1, '00041234567893', [1, 1])])
    expect(table.rows.map((row) => row.key)).toEqual(['1:0', '1:1', '3:0', '6:0'])
    expect(table.lineCount).toBe(3)
  })

  it('keeps the rows, and their caches, of every line a new entry did not touch', () => {
    const first = setOf([found(1, '00041234567893', [1]), failed])
    const second = applyEntries(first, [notFound], 3)
    expect(second.table.rowByKey('1:0')).toBe(first.table.rowByKey('1:0'))
    expect(second.table.rowByKey('6:0')).toBe(first.table.rowByKey('6:0'))
  })

  it('returns the same set when nothing new was read, and only moves the offset on an empty page', () => {
    const set = setOf([notFound])
    expect(applyEntries(set, [], set.next)).toBe(set)
    const moved = applyEntries(set, [], set.next + 5)
    expect(moved.next).toBe(set.next + 5)
    expect(moved.table).toBe(set.table)
  })
})

describe('ResultTable', () => {
  const { table } = setOf([found(1, '00041234567893', [5, 1]), notFound, found(9, '00000000000017', [10, 2, 3])])

  it('finds a row by its key, and nothing for keys that are not there', () => {
    expect(table.rowByKey('9:2')?.quantity).toBe(3)
    expect(table.rowByKey('3:0')?.status).toBe('not_found')
    expect(table.rowByKey('3:1')).toBeNull()
    expect(table.rowByKey('4:0')).toBeNull()
    expect(table.rowByKey('junk')).toBeNull()
  })

  it('warms rows up to where it is told to stop, and resumes from there', () => {
    let calls = 0
    expect(table.warm(0, () => (calls += 1) > 0)).toBe(table.rows.length)
    expect(table.warm(2, () => false)).toBe(table.rows.length)
  })
})
