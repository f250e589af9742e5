import { normalizeGtin } from '../../shared/domain/gtin'
import { environmentIdSchema, type EnvironmentId } from '../../shared/domain/item-type'
import type { LookupState } from './history-types'

const STATES: readonly LookupState[] = ['running', 'finished', 'cancelled', 'interrupted']

/** One word of a History search; a lookup matches when it matches every word. */
export type SearchTerm =
  | { kind: 'environment'; environment: EnvironmentId }
  | { kind: 'state'; state: LookupState }
  /** A number: a value the lookup contained (as typed, or as the GTIN it normalises to) or one of its stores. */
  | { kind: 'number'; values: string[]; storeNbr: number | null }
  | { kind: 'text'; values: string[] }

/**
 * Reads the search box: "production", "interrupted", a store number, a GTIN however it was typed
 * (12 digits finds the 14-digit form stored), a Walmart item number. Words are separated by spaces.
 */
export function parseHistorySearch(text: string): SearchTerm[] {
  return text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 10)
    .map((word): SearchTerm => {
      const lower = word.toLowerCase()
      const environment = environmentIdSchema.safeParse(lower)
      if (environment.success) return { kind: 'environment', environment: environment.data }
      const state = STATES.find((candidate) => candidate === lower)
      if (state !== undefined) return { kind: 'state', state }
      if (/^\d+$/.test(word)) {
        const values = new Set([word])
        const gtin = normalizeGtin(word)
        if (gtin.ok) values.add(gtin.value)
        const storeNbr = word.length <= 6 && Number(word) > 0 ? Number(word) : null
        return { kind: 'number', values: [...values], storeNbr }
      }
      return { kind: 'text', values: [word] }
    })
}
