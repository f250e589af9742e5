/** Every character `String(number)` can write; a term with any other cannot be in a number's text. */
const NUMBER_TEXT = /^[-+.\deinfaty]+$/i

/**
 * One word of the quick search. It is matched case-insensitively against cells' own text, so a
 * search lowercases nothing and allocates nothing per row: the first search right after 100,000
 * rows arrive costs a scan, not a copy of every cell.
 */
export class SearchTerm {
  private readonly pattern: RegExp
  /** Whether the term could be part of a number's text; when not, number cells are not even formatted. */
  readonly numeric: boolean
  private readonly labels = new Map<string, boolean>()

  constructor(term: string) {
    this.pattern = new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')
    this.numeric = NUMBER_TEXT.test(term)
  }

  in(text: string): boolean {
    return text !== '' && this.pattern.test(text)
  }

  /** `in` for the few fixed labels every row repeats (stock statuses): each is tested once per term. */
  inLabel(label: string): boolean {
    let hit = this.labels.get(label)
    if (hit === undefined) {
      hit = this.in(label)
      this.labels.set(label, hit)
    }
    return hit
  }

  inNumber(value: number | null | undefined): boolean {
    return this.numeric && value !== null && value !== undefined && this.pattern.test(String(value))
  }
}

/** The quick search's words: a row must contain every one of them, in any cell. */
export function searchTerms(quick: string): SearchTerm[] {
  return quick
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => new SearchTerm(word))
}
