import type { Logger } from '../../logging/logger'
import { createInThreadReader } from '../history-reader'
import { createHistoryStore } from '../history-store'
import { createInThreadWriter } from '../history-writer'
import { createLookupResults } from '../lookup-results'

/**
 * A History kept in memory, its writer and reader on main's connection as `--no-save` runs them:
 * where runner tests keep their lookups, on whatever clock the test runs.
 */
export function memoryHistory(now: () => number, log: Logger) {
  const history = createHistoryStore({ dir: null, log, now })
  const writer = createInThreadWriter(history.operations(), now)
  const reader = createInThreadReader(history.operations())
  return { history, writer, reader, results: createLookupResults({ history, reader }) }
}
