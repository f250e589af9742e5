import { describe, expect, it } from 'vitest'
import type { LineResult } from '../../../shared/domain/line-result'
import { mostCommonFailure } from './use-failure-reason'

const serverError = { code: 'server_error', message: 'An internal server error has occurred.', status: 500 } as const
const timeout = { code: 'timeout', message: 'The server did not answer in time.' } as const

function failed(line: number, error: LineResult['error']): LineResult {
  return { storeNbr: 1234, line, input: String(line), value: String(line), status: 'failed', ...(error === undefined ? {} : { error }) }
}

describe('mostCommonFailure', () => {
  it('names the error most failed lines share', () => {
    const entries = [failed(1, serverError), failed(2, timeout), failed(3, serverError)]
    expect(mostCommonFailure(entries)).toEqual({ error: serverError, count: 2 })
  })

  it('counts only the latest entry of each line, so a retried line that succeeded is not a failure', () => {
    const entries: LineResult[] = [
      failed(1, serverError),
      failed(2, serverError),
      { storeNbr: 1234, line: 1, input: '1', value: '1', status: 'found' },
      { storeNbr: 1234, line: 2, input: '2', value: '2', status: 'found' }
    ]
    expect(mostCommonFailure(entries)).toBeNull()
  })
})
