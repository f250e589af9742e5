import type { EncodedItem } from '../../history/item-batch'
import { decodeItemBytes } from '../../history/item-bytes'
import type { SearchAnswers } from '../search-reply'

/** Answers with their items decoded, as History's writer decodes them: what a test reads or searches for a token. */
export function readableAnswers(answers: SearchAnswers): { items: (EncodedItem | null)[]; unmatched: number } {
  return { items: decodeItemBytes(answers.items), unmatched: answers.unmatched }
}
