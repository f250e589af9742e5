import { describe, expect, it } from 'vitest'
import { defaultScope, savedMessage } from './export-message'

describe('savedMessage', () => {
  it('says how many rows went to which file, with grouping and a singular', () => {
    expect(savedMessage(1234, '/tmp/results.csv')).toMatch(/^Saved 1.234 rows to \/tmp\/results\.csv$/)
    expect(savedMessage(1, 'C:\\out\\r.xlsx')).toBe('Saved 1 row to C:\\out\\r.xlsx')
  })
})

describe('defaultScope', () => {
  it('offers the selected rows when some are selected, else the rows shown', () => {
    expect(defaultScope(3)).toBe('selected')
    expect(defaultScope(0)).toBe('shown')
  })
})
