import { describe, expect, it } from 'vitest'
import { linesOfColumn } from './import-lines'
import { NUL_REPLACEMENT, packInputColumn, type InputColumn } from './input-column'
import { BAD_LINE_MESSAGE, inputColumnSchema, NO_VALUES_MESSAGE, TOO_MANY_VALUES_MESSAGE, UNPAIRED_MESSAGE } from './input-column-schema'
import { MAX_INPUT_CHARS, MAX_JOB_LINES } from './limits'

/** The column's lines again, as the import's column gives them. */
const linesOf = ({ lines, values }: InputColumn) => linesOfColumn({ lines: Array.from(lines), values })

describe("a lookup's lines as one column", () => {
  it('holds the numbers in order and the values joined, ASCII, beyond it, astral and empty alike', () => {
    const lines = [
      { line: 2, input: '00012345678905' },
      { line: 3, input: 'Crème brûlée' },
      { line: 7, input: '' },
      { line: 9, input: '🍰 cake' },
      { line: 10, input: '' }
    ]
    const column = packInputColumn(lines)
    expect(column).toEqual({ lines: Float64Array.of(2, 3, 7, 9, 10), values: '00012345678905\u0000Crème brûlée\u0000\u0000🍰 cake\u0000' })
    expect(linesOf(column)).toEqual(lines)
  })

  it('packs no lines as no numbers and the empty text', () => {
    expect(packInputColumn([])).toEqual({ lines: new Float64Array(0), values: '' })
  })

  it('shows a NUL in a value as U+FFFD, since NUL joins the values: the value keeps its place and its neighbours', () => {
    const column = packInputColumn([
      { line: 1, input: 'a\u0000b\u0000' },
      { line: 2, input: '4006381333931' }
    ])
    expect(linesOf(column)).toEqual([
      { line: 1, input: `a${NUL_REPLACEMENT}b${NUL_REPLACEMENT}` },
      { line: 2, input: '4006381333931' }
    ])
  })
})

describe("the column's check at jobs:start", () => {
  const refusal = (value: unknown) => inputColumnSchema.safeParse(value).error?.issues.map((issue) => issue.message)

  it('passes a column up to the limits on as it came', () => {
    const column = packInputColumn([
      { line: 1, input: '00012345678905' },
      { line: 7, input: 'x'.repeat(MAX_INPUT_CHARS) },
      { line: 8, input: '' }
    ])
    expect(inputColumnSchema.parse(column)).toBe(column)
  })

  it.each([
    ['not a column', 'lines'],
    ['no column', null],
    ['numbers that are not a list', { lines: '1', values: 'a' }],
    ['numbers as a plain list', { lines: [1], values: 'a' }],
    ['values that are not text', { lines: Float64Array.of(1), values: ['a'] }],
    ['a zero line number', { lines: Float64Array.of(0), values: 'a' }],
    ['a fractional line number', { lines: Float64Array.of(1.5), values: 'a' }],
    ['a line number that is no number', { lines: Float64Array.of(Number.NaN), values: 'a' }],
    ['a first value too long', { lines: Float64Array.of(1, 2), values: `${'x'.repeat(MAX_INPUT_CHARS + 1)}\u0000a` }],
    ['a last value too long', { lines: Float64Array.of(1, 2), values: `a\u0000${'x'.repeat(MAX_INPUT_CHARS + 1)}` }]
  ] as [string, unknown][])('refuses %s with the sentence for a bad line', (_what, value) => {
    expect(refusal(value)).toEqual([BAD_LINE_MESSAGE])
  })

  it('refuses a column whose numbers and values do not pair up', () => {
    expect(refusal({ lines: Float64Array.of(1, 2), values: 'a' })).toEqual([UNPAIRED_MESSAGE])
    expect(refusal({ lines: Float64Array.of(1), values: 'a\u0000b' })).toEqual([UNPAIRED_MESSAGE])
    expect(refusal({ lines: new Float64Array(0), values: 'a' })).toEqual([UNPAIRED_MESSAGE])
    expect(UNPAIRED_MESSAGE).toBe('The list has a different number of line numbers and values; enter or import it again.')
  })

  it('refuses an empty column and one longer than a lookup takes', () => {
    expect(refusal({ lines: new Float64Array(0), values: '' })).toEqual([NO_VALUES_MESSAGE])
    expect(NO_VALUES_MESSAGE).toBe('There are no values to look up.')
    const tooMany = packInputColumn(Array.from({ length: MAX_JOB_LINES + 1 }, (_, index) => ({ line: index + 1, input: '1' })))
    expect(refusal(tooMany)).toEqual([TOO_MANY_VALUES_MESSAGE])
    expect(TOO_MANY_VALUES_MESSAGE).toMatch(/at most 200,000 values/)
    expect(BAD_LINE_MESSAGE).toMatch(/line number .* value of at most 200 characters/)
  })
})
