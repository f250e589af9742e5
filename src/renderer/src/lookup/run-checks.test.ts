import { describe, expect, it } from 'vitest'
import { MAX_STORE_VALUE_PAIRS, parseStoreList } from '../../../shared/domain/store-list'
import { MAX_INPUT_CHARS, MAX_JOB_LINES } from '../../../shared/limits'
import { checkRun, sizeProblemOf } from './run-checks'

const lines =
  (...inputs: string[]) =>
  () =>
    inputs.map((input, index) => ({ line: index + 1, input }))
const oneStore = parseStoreList('1234')

describe('the checks on Run lookup', () => {
  it('sends the person to the Stores field first when the stores cannot be read, before the list is even split', () => {
    let split = false
    const problem = checkRun(
      parseStoreList('12x'),
      () => {
        split = true
        return []
      },
      null
    )
    expect(problem?.inStores).toBe(true)
    expect(problem?.message).toMatch(/^Check the stores first: /)
    expect(split).toBe(false)
  })

  it('asks for a value when the list is empty, and says when it is longer than a lookup takes', () => {
    expect(checkRun(oneStore, lines(), null)).toEqual({ message: 'Enter, scan or import at least one value to look up.', inStores: false })
    const many = () => Array.from({ length: MAX_JOB_LINES + 1 }, (_, index) => ({ line: index + 1, input: '1' }))
    expect(checkRun(oneStore, many, null)).toMatchObject({
      message: expect.stringMatching(/^This list has 200,001 values/),
      inStores: false
    })
  })

  it('says stores x values over the cap beside the stores, and names a value too long to be one', () => {
    const stores = parseStoreList('1-500')
    const size = sizeProblemOf(stores, Math.floor(MAX_STORE_VALUE_PAIRS / 500) + 1)
    expect(size).toMatch(/^500 stores x 4,001 values makes 2,000,500 store and value pairs; /)
    expect(checkRun(stores, lines('1'), size)).toEqual({ message: size, inStores: true })
    expect(checkRun(oneStore, lines('1', 'x'.repeat(MAX_INPUT_CHARS + 1)), null)).toEqual({
      message: `The value on line 2 is longer than ${MAX_INPUT_CHARS} characters; fix or remove it.`,
      inStores: false
    })
  })

  it('lets a lookup start when the stores read and the list fits', () => {
    expect(sizeProblemOf(oneStore, 3)).toBeNull()
    expect(sizeProblemOf(parseStoreList('12x'), 3)).toBeNull()
    expect(checkRun(oneStore, lines('4006381333931', 'x'.repeat(MAX_INPUT_CHARS)), null)).toBeNull()
  })
})
