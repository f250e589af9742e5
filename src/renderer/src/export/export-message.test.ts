import { describe, expect, it } from 'vitest'
import { exportRequest, savedMessage } from './export-message'

describe('savedMessage', () => {
  it('says how many rows went to which file, with grouping and a singular', () => {
    expect(savedMessage(1234, '/tmp/results.csv')).toMatch(/^Saved 1.234 rows to \/tmp\/results\.csv$/)
    expect(savedMessage(1, 'C:\\out\\r.xlsx')).toBe('Saved 1 row to C:\\out\\r.xlsx')
  })
})

describe('exportRequest', () => {
  it('sends the shown lines only for "Only rows shown" while a filter hides rows', () => {
    expect(exportRequest('job', 'csv', 'shown', [3, 7]).view.rows).toEqual({ lines: [3, 7] })
    expect(exportRequest('job', 'xlsx', 'shown', null).view.rows).toBeNull()
    expect(exportRequest('job', 'json', 'all', [3, 7]).view.rows).toBeNull()
  })

  it('sends an empty list when the filters hide every row, so nothing else is exported', () => {
    expect(exportRequest('job', 'csv', 'shown', []).view.rows).toEqual({ lines: [] })
  })
})
