import type { ItemType } from '../../shared/domain/item-type'
import type { InventoryItem } from '../../shared/domain/line-result'
import { encodeItemBytes, itemBytesTransfer, type ItemBytes } from '../history/item-bytes'
import type { Redactor } from '../security/redactor'
import { lookupKey, matchItems } from './match-items'
import { parseSearchResponse } from './search-response'

/** What a search asked: the reply is matched to these values. */
export interface SearchQuestion {
  itemType: ItemType
  values: readonly string[]
}

/** A search's reply, read and matched to the values asked: all main needs of it. */
export interface SearchAnswers {
  /**
   * Per value asked, in the order asked: its item as History stores it, or none when the reply had
   * none for it. Bytes, which main passes on to History's writer without decoding them.
   */
  items: ItemBytes
  /** Items in the reply that match no value asked for. */
  unmatched: number
}

/** Reads a successful search's reply body; rejects with `UnreadableReplyError` when it is not a search reply. */
export interface SearchReplyReader {
  read(body: Uint8Array, question: SearchQuestion): Promise<SearchAnswers>
}

/** The body is not JSON, or not a search reply's shape. */
export class UnreadableReplyError extends Error {
  constructor() {
    super('The search reply could not be read.')
    this.name = 'UnreadableReplyError'
  }
}

/**
 * The whole reading of a reply: the text parsed, its items redacted (a server that echoes a token
 * or the secret in an item leaves only `[redacted]`, so History's rows never hold one; the result
 * pages main hands to the window undecoded rely on that), matched to the values asked, and each
 * encoded as History stores it.
 */
export function readSearchReply(body: Uint8Array, question: SearchQuestion, redactor: Pick<Redactor, 'value'>): SearchAnswers {
  let parsed
  try {
    parsed = parseSearchResponse(JSON.parse(new TextDecoder().decode(body)))
  } catch {
    throw new UnreadableReplyError()
  }
  return answersFor(question, redactor.value(parsed))
}

/** The items of a reply matched to the values asked (the first item for a value wins), encoded as History stores them. */
export function answersFor(question: SearchQuestion, replied: readonly InventoryItem[]): SearchAnswers {
  const { found, unmatched } = matchItems(question.itemType, question.values, replied)
  const items = encodeItemBytes(question.values.map((value) => found.get(lookupKey(question.itemType, value)) ?? null))
  return { items, unmatched }
}

/** The buffers of answers that a message moves to another thread instead of copying them. */
export function answerTransfer(answers: SearchAnswers): ArrayBuffer[] {
  return itemBytesTransfer(answers.items)
}

/** Replies read on the caller's thread: the headless tests' and tools' reader, and the inventory client's default. */
export function createInThreadReplyReader(redactor: Pick<Redactor, 'value'>): SearchReplyReader {
  return {
    read: (body, question) => Promise.resolve().then(() => readSearchReply(body, question, redactor))
  }
}
