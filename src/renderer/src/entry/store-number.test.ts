import { describe, expect, it } from 'vitest'
import { checkStoreNumber } from './store-number'

describe('checkStoreNumber', () => {
  it('takes positive whole numbers, trimmed', () => {
    expect(checkStoreNumber('1234')).toEqual({ ok: true, value: 1234 })
    expect(checkStoreNumber(' 42 ')).toEqual({ ok: true, value: 42 })
    expect(checkStoreNumber('999999')).toEqual({ ok: true, value: 999_999 })
  })

  it.each([
    ['', 'Enter the store number, e.g. 1234.'],
    ['12a', 'Use digits only: the store number is a whole number such as 1234.'],
    ['-5', 'Use digits only: the store number is a whole number such as 1234.'],
    ['1.5', 'Use digits only: the store number is a whole number such as 1234.'],
    ['1e3', 'Use digits only: the store number is a whole number such as 1234.'],
    ['0', 'The store number must be 1 or more.'],
    ['1000000', 'The store number must be at most 999999.']
  ])('refuses %j with a message saying how to fix it', (text, message) => {
    expect(checkStoreNumber(text)).toEqual({ ok: false, message })
  })
})
