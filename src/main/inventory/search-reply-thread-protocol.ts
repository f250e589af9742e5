import type { SearchAnswers, SearchQuestion } from './search-reply'

/** A reply to read: its body (moved to the thread, not copied) and what was asked. */
export interface SearchReplyRequest {
  id: number
  body: Uint8Array
  question: SearchQuestion
  /** Secrets and tokens main has learned since it last told this thread: removed from every item read after. */
  remember: string[]
}

export type SearchReplyMessage =
  { id: number; ok: true; answers: SearchAnswers } | { id: number; ok: false; unreadable: boolean; message: string }
