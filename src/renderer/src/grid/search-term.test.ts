import { describe, expect, it } from 'vitest'
import { SearchTerm, searchTerms } from './search-term'

describe('quick search terms', () => {
  it('match a cell case-insensitively, anywhere in it', () => {
    const term = new SearchTerm('maple')
    expect(term.in('Maple Ridge Foods Ltd.')).toBe(true)
    expect(term.in('MAPLE')).toBe(true)
    expect(term.in('Northwind')).toBe(false)
    expect(term.in('')).toBe(false)
    expect(new SearchTerm('ÉPICERIE').in('Épicerie du coin')).toBe(true)
  })

  it('take what the user typed literally, not as a pattern', () => {
    expect(new SearchTerm('1.5').inNumber(105)).toBe(false)
    expect(new SearchTerm('1.5').inNumber(21.5)).toBe(true)
    expect(new SearchTerm('a+b').in('a+b=c')).toBe(true)
    expect(new SearchTerm('a+b').in('aab')).toBe(false)
    expect(new SearchTerm('(x').in('f(x)')).toBe(true)
    expect(new SearchTerm('[').in('[1]')).toBe(true)
  })

  it('look in numbers only when the term could be part of one', () => {
    expect(new SearchTerm('12').numeric).toBe(true)
    expect(new SearchTerm('-0.5').numeric).toBe(true)
    expect(new SearchTerm('maple').numeric).toBe(false)
    expect(new SearchTerm('maple').inNumber(12)).toBe(false)
    expect(new SearchTerm('12').inNumber(null)).toBe(false)
    expect(new SearchTerm('12').inNumber(3120)).toBe(true)
  })

  it('remember their answer for a fixed label', () => {
    const term = new SearchTerm('stock')
    expect(term.inLabel('Out of stock')).toBe(true)
    expect(term.inLabel('Out of stock')).toBe(true)
    expect(term.inLabel('Not found')).toBe(false)
  })

  it('split the quick search on whitespace and ignore empty words', () => {
    expect(searchTerms('  maple \t available\n')).toHaveLength(2)
    expect(searchTerms('   ')).toEqual([])
  })
})
