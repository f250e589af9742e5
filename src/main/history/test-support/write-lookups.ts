import { createMemoryLogger } from '../../logging/logger'
import { createDirectHistory } from './direct-history'
import type { AnswerRow } from '../history-types'
import { NO_FIGURES, sampleItem, sampleLines, sampleLookup, valueFor } from './sample-lookups'
import { encodeItem } from '../item-batch'

/**
 * A second process writing the history: `tsx write-lookups.ts <dir> <lookups> <lines> <source>`
 * waits for a line on stdin, then stores that many lookups, answering each in batches of 100 as a run does, and prints their ids.
 */
const [dir = '', lookups = '0', lines = '0', source = 'cli'] = process.argv.slice(2)
const history = createDirectHistory({ dir, log: createMemoryLogger(), now: Date.now })
// Both writers open the file first, then start together when the test says "go" on stdin.
process.stdout.write('ready\n')
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()))
process.stdin.pause()
const ids: number[] = []
for (let n = 0; n < Number(lookups); n += 1) {
  const { id } = history.createLookup(
    sampleLookup(sampleLines(Number(lines)), { source: source === 'app' ? 'app' : 'cli', startedAt: Date.now() })
  )
  for (let first = 1; first <= Number(lines); first += 100) {
    const batch: AnswerRow[] = []
    for (let line = first; line < first + 100 && line <= Number(lines); line += 1) {
      batch.push({ storeNbr: 1234, line, status: 'found', item: encodeItem(sampleItem(valueFor(line), line % 7)) })
    }
    history.appendResults(id, batch, NO_FIGURES)
  }
  history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
  ids.push(id)
}
history.close()
process.stdout.write(`${JSON.stringify(ids)}\n`)
