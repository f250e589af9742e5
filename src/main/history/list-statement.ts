import { parseHistorySearch } from './history-search'
import type { HistoryListQuery } from './history-types'

export const DEFAULT_LIST_LIMIT = 100
/** Lookups one page of the list holds, at most. */
const MAX_LIST_LIMIT = 500

/** The SELECT of lookups, newest first, that a History search (its words, the page it continues, its size) asks for. */
export function listStatement(query: HistoryListQuery): { sql: string; params: (string | number)[] } {
  const clauses: string[] = []
  const params: (string | number)[] = []
  if (query.beforeId !== undefined) {
    clauses.push('id < ?')
    params.push(query.beforeId)
  }
  for (const term of parseHistorySearch(query.search ?? '')) {
    if (term.kind === 'environment') {
      clauses.push('environment = ?')
      params.push(term.environment)
    } else if (term.kind === 'state') {
      clauses.push('state = ?')
      params.push(term.state)
    } else {
      const values = `id IN (SELECT lookup_id FROM lookup_lines WHERE value IN (${term.values.map(() => '?').join(', ')}))`
      params.push(...term.values)
      if (term.kind === 'number' && term.storeNbr !== null) {
        clauses.push(`(${values} OR id IN (SELECT lookup_id FROM lookup_stores WHERE store_nbr = ?))`)
        params.push(term.storeNbr)
      } else {
        clauses.push(values)
      }
    }
  }
  const where = clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`
  params.push(Math.max(1, Math.min(MAX_LIST_LIMIT, Math.floor(query.limit ?? DEFAULT_LIST_LIMIT))))
  return { sql: `SELECT * FROM lookups ${where} ORDER BY id DESC LIMIT ?`, params }
}
