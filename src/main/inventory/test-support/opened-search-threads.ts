import { afterEach } from 'vitest'
import { createMemoryLogger } from '../../logging/logger'
import { createRedactor } from '../../security/redactor'
import type { ThreadStoppedError } from '../../workers/supervised-thread'
import { startSearchReplyThread, type SearchReplyThread } from '../search-reply-thread'

/**
 * Search threads for a test file: `open()` starts one that knows `token` and records its stops
 * (holding answers `gatherMs`, when given);
 * every thread opened is closed after each test.
 */
export function openedSearchThreads(token: string) {
  const opened: SearchReplyThread[] = []
  afterEach(async () => {
    for (const thread of opened.splice(0)) await thread.close()
  })
  return function open(options: { gatherMs?: number } = {}) {
    const redactor = createRedactor([token])
    const stops: ThreadStoppedError[] = []
    const thread = startSearchReplyThread({ ...options, log: createMemoryLogger(), redactor, onStopped: (error) => stops.push(error) })
    opened.push(thread)
    return { thread, redactor, stops }
  }
}
