/** What a number filter field accepts, said once for its placeholder and its hint. */
export const NUMBER_FILTER_PLACEHOLDER = '0, >5, <=2, 2-5'
export const NUMBER_FILTER_HINT = 'A number (0 means exactly 0), >, >=, <, <=, = followed by a number, or a range such as 2-5.'

export type NumberTest = (value: number) => boolean

const NUMBER = String.raw`-?\d+(?:\.\d+)?|-?\.\d+`
const BARE = new RegExp(`^(${NUMBER})$`)
const COMPARISON = new RegExp(`^(<=|>=|<|>|=|==)\\s*(${NUMBER})$`)
const RANGE = new RegExp(`^(${NUMBER})\\s*(?:-|–|—|\\.\\.|to)\\s*(${NUMBER})$`, 'i')

/**
 * Parses a number filter: a bare number means equal (`0` is `=0`), `>`, `>=`, `<`, `<=`, `=` compare,
 * and `2-5` is an inclusive range (either way round). Returns null for an empty field and
 * 'invalid' for text that is none of these, so the field can say so instead of guessing.
 */
export function parseNumberFilter(raw: string): NumberTest | 'invalid' | null {
  const query = raw.trim()
  if (query === '') return null
  const bare = BARE.exec(query)
  if (bare !== null) {
    const bound = Number(bare[1])
    return (value) => value === bound
  }
  const comparison = COMPARISON.exec(query)
  if (comparison !== null) {
    const bound = Number(comparison[2])
    switch (comparison[1]) {
      case '<':
        return (value) => value < bound
      case '<=':
        return (value) => value <= bound
      case '>':
        return (value) => value > bound
      case '>=':
        return (value) => value >= bound
      default:
        return (value) => value === bound
    }
  }
  const range = RANGE.exec(query)
  if (range !== null) {
    const a = Number(range[1])
    const b = Number(range[2])
    const low = Math.min(a, b)
    const high = Math.max(a, b)
    return (value) => value >= low && value <= high
  }
  return 'invalid'
}

/** A cell's text as a number when it is written as one (an imported "Case Pack" column, say); NaN otherwise. */
export function numberInText(text: string): number {
  const trimmed = text.trim()
  return BARE.test(trimmed) ? Number(trimmed) : Number.NaN
}
