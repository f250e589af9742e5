import type { EncodedResultPage } from '../../shared/domain/result-page'
import { createRedactor, type Redactor } from '../security/redactor'

/**
 * Checks encoded pages of results where they are read, with the values main's redactor knows
 * (sent with each page, since main learns new tokens as it runs): the redactor is built again
 * only when that list changes, so a lookup's 200 pages build it once.
 */
export function createPageRedaction(): (page: EncodedResultPage, known: readonly string[]) => EncodedResultPage {
  let key: string | null = null
  let redactor: Redactor = createRedactor()
  return (page, known) => {
    const knownKey = known.join('\u0000')
    if (knownKey !== key) {
      key = knownKey
      redactor = createRedactor(known)
    }
    return { ...page, encoded: redactor.json(page.encoded) }
  }
}
