import { describe, expect, it } from 'vitest'
import { gs1CheckDigit } from '../../../shared/domain/gtin'
import { validateLines } from '../../../shared/domain/values'
import { checkValidated, createCheckSession, MAX_LISTED, textOf, type CheckReply } from './list-check'

function gtin(n: number): string {
  const data = String(7_000_000_000 + n).padStart(13, '0')
  return `${data}${gs1CheckDigit(data)}`
}

function session() {
  const replies: CheckReply[] = []
  return { replies, ...createCheckSession((reply) => replies.push(reply)) }
}

function checked(replies: readonly CheckReply[]) {
  return replies.filter((reply) => reply.type === 'checked')
}

describe('checkValidated', () => {
  it('counts every group, lists the lines of each and names the lines the bulk fixes remove', () => {
    const check = checkValidated(
      validateLines(
        ['036000291452', '00036000291452', '4006381333932', 'abc', '7.61E+12', '12000001291'].map((input, index) => ({
          line: index + 1,
          input
        })),
        'gtin'
      )
    )
    expect(check.summary).toMatchObject({ total: 6, valid: 2, padded: 1, leadingZerosRestored: 1, checkDigit: 1, duplicate: 1 })
    expect(check.listed.valid.map((line) => line.line)).toEqual([1, 6])
    expect(check.listed.padded.map((line) => line.line)).toEqual([1])
    expect(check.listed.zeros_restored).toMatchObject([{ line: 6, value: '00012000001291' }])
    expect(check.listed.check_digit).toMatchObject([{ line: 3, status: 'invalid', invalidReason: 'check_digit' }])
    expect(check.listed.length_or_characters.map((line) => line.line)).toEqual([4])
    expect(check.listed.scientific_notation.map((line) => line.line)).toEqual([5])
    expect(check.listed.duplicate).toMatchObject([{ line: 2, duplicateOf: 1 }])
    expect(check.invalidLines).toEqual([3, 4, 5])
    expect(check.duplicateLines).toEqual([2])
  })

  it('lists the first lines of a large group only, and still counts and names all of them', () => {
    const lines = Array.from({ length: 1_000 }, (_, index) => ({ line: index + 1, input: `x${index}` }))
    const check = checkValidated(validateLines(lines, 'gtin'))
    expect(check.listed.length_or_characters).toHaveLength(MAX_LISTED)
    expect(check.summary.lengthOrCharacters).toBe(1_000)
    expect(check.invalidLines).toHaveLength(1_000)
  })
})

describe('check session', () => {
  it('checks a typed text, numbering its values in order', () => {
    const { replies, receive, flush } = session()
    expect(receive({ type: 'list', version: 1, list: `${gtin(1)}, ${gtin(2)}\n\nabc`, itemType: 'gtin' })).toBe(true)
    flush()
    expect(replies).toHaveLength(1)
    expect(replies[0]).toMatchObject({ type: 'checked', version: 1, check: { summary: { total: 3, valid: 2 }, invalidLines: [3] } })
  })

  it('applies edits to the text it has, as the editor reports them', () => {
    const { replies, receive, flush } = session()
    receive({ type: 'list', version: 1, list: `${gtin(1)}\n${gtin(2)}`, itemType: 'gtin' })
    flush()
    // Replace the second value by a copy of the first, then append a bad one.
    const second = gtin(1).length + 1
    receive({ type: 'edit', version: 2, changes: [{ from: second, to: second + gtin(2).length, insert: gtin(1) }] })
    receive({ type: 'edit', version: 3, changes: [{ from: 2 * gtin(1).length + 1, to: 2 * gtin(1).length + 1, insert: '\n12' }] })
    flush()
    const last = checked(replies).at(-1)
    expect(last?.version).toBe(3)
    expect(last?.check.summary).toMatchObject({ total: 3, valid: 1, duplicate: 1, lengthOrCharacters: 1 })
    expect(last?.check.duplicateLines).toEqual([2])
  })

  it('answers only the newest of the lists that arrived while a check waited', () => {
    const { replies, receive, flush } = session()
    expect(receive({ type: 'list', version: 1, list: gtin(1), itemType: 'gtin' })).toBe(true)
    expect(receive({ type: 'list', version: 2, list: `${gtin(1)} ${gtin(2)}`, itemType: 'gtin' })).toBe(false)
    flush()
    flush()
    expect(checked(replies).map((reply) => [reply.version, reply.check.summary.total])).toEqual([[2, 2]])
  })

  it('keeps the file row numbers of an imported list and checks it again for another item type', () => {
    const { replies, receive, flush } = session()
    const lines = [
      { line: 4, input: '123' },
      { line: 9, input: gtin(5) }
    ]
    receive({ type: 'list', version: 1, list: lines, itemType: 'gtin' })
    flush()
    receive({ type: 'list', version: 2, list: lines, itemType: 'wm_item_number' })
    flush()
    const [asGtins, asItemNumbers] = checked(replies)
    expect(asGtins?.check.invalidLines).toEqual([4])
    expect(asItemNumbers?.check.summary).toMatchObject({ total: 2, valid: 2 })
  })

  it('compares a scan with the newest list, after the repairs the lookup makes, and says how long the list is', () => {
    const { replies, receive } = session()
    receive({ type: 'find', id: 1, input: gtin(1) })
    receive({ type: 'list', version: 1, list: `036000291452\n${gtin(1)}`, itemType: 'gtin' })
    // No flush in between: a scan waits for the check of the list sent before it.
    receive({ type: 'find', id: 2, input: '00036000291452' })
    receive({ type: 'find', id: 3, input: gtin(2) })
    receive({ type: 'find', id: 4, input: ' abc ' })
    expect(replies.filter((reply) => reply.type === 'found')).toEqual([
      { type: 'found', id: 1, sameAs: null, count: 0 },
      { type: 'found', id: 2, sameAs: 1, count: 2 },
      { type: 'found', id: 3, sameAs: null, count: 2 },
      { type: 'found', id: 4, sameAs: null, count: 2 }
    ])
  })

  it('refuses an edit of an imported list, which the renderer always sends whole', () => {
    const { receive } = session()
    receive({ type: 'list', version: 1, list: [{ line: 2, input: '1' }], itemType: 'gtin' })
    expect(() => receive({ type: 'edit', version: 2, changes: [{ from: 0, to: 0, insert: '2' }] })).toThrow(/imported list/)
  })
})

describe('textOf', () => {
  it('splits lines as the editor does, whatever the line ends', () => {
    expect(textOf('a\r\nb\rc\nd').toJSON()).toEqual(['a', 'b', 'c', 'd'])
  })
})
