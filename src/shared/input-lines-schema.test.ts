import { describe, expect, it } from 'vitest'
import { inputLinesSchema } from './contract'
import { MAX_INPUT_CHARS, MAX_JOB_LINES } from './limits'

describe('the lines of a lookup, as main checks them', () => {
  it('accepts numbered values up to the limits', () => {
    const lines = [
      { line: 1, input: '00012345678905' },
      { line: 7, input: 'x'.repeat(MAX_INPUT_CHARS) }
    ]
    expect(inputLinesSchema.parse(lines)).toEqual(lines)
  })

  it.each([
    ['not a list', 'lines'],
    [[{ line: 0, input: 'a' }], 'a zero line number'],
    [[{ line: 1.5, input: 'a' }], 'a fractional line number'],
    [[{ line: '1', input: 'a' }], 'a line number as text'],
    [[{ line: 1, input: 5 }], 'a value that is not text'],
    [[{ line: 1, input: 'x'.repeat(MAX_INPUT_CHARS + 1) }], 'a value too long'],
    [[null], 'a missing line']
  ] as [unknown, string][])('refuses %j (%s) with a sentence', (value) => {
    const result = inputLinesSchema.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/line number .* value of at most 200 characters/)
  })

  it('refuses an empty list and one longer than a lookup takes', () => {
    expect(inputLinesSchema.safeParse([]).error?.issues[0]?.message).toBe('There are no values to look up.')
    const tooMany = Array.from({ length: MAX_JOB_LINES + 1 }, (_, index) => ({ line: index + 1, input: '1' }))
    expect(inputLinesSchema.safeParse(tooMany).error?.issues[0]?.message).toMatch(/at most 200,000 values/)
  })
})
