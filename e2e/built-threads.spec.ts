import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { ImportColumn, ImportSummary } from '../src/shared/contract'
import type { JobProgress } from '../src/shared/domain/job-progress'
import { createAppRoot } from '../src/main/composition-root'
import { createMemorySecretStore } from '../src/main/credentials/memory-secret-store'
import { dispatch, type HandlerTable } from '../src/main/ipc/handler-table'
import { validGtins } from '../src/main/jobs/test-support/gtin-fixtures'
import { createLogger } from '../src/main/logging/logger'
import { linesOfColumn } from '../src/shared/import-lines'
import { builtThreads } from '../scripts/built-threads'
import { decodeResultPage, type EncodedResultPage } from '../src/shared/domain/result-page'
import { packInputColumn } from '../src/shared/input-column'

/**
 * The harness runs the threads from their TypeScript source; the app runs the scripts electron-vite
 * builds, started with none of main's options. Checked after the build step of `npm test`: an
 * import (the files thread), a Demo lookup (the Demo API's and History's writer threads) and its
 * pages (History's reader thread), each on its built script.
 */
const SENDER = { webContentsId: 1, frameUrl: 'app://renderer/index.html', isMainFrame: true }

async function call<T>(handlers: HandlerTable, channel: string, input: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, input, SENDER)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

test('the services run on the thread scripts the build ships', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'built-threads-'))
  const root = await createAppRoot({
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: createMemorySecretStore(),
    userDataDir: dir,
    log: createLogger(() => undefined),
    chooseExportPath: async () => null,
    openExternal: async () => undefined,
    ...builtThreads()
  })
  try {
    const handlers = root.createHandlers(() => true)
    const gtins = validGtins(250)
    const bytes = new TextEncoder().encode(`GTIN,Description\n${gtins.map((gtin, index) => `${gtin},Item ${index}`).join('\n')}\n`)
    const summary = await call<ImportSummary>(handlers, 'files:read-import', { fileName: 'list.csv', bytes })
    const column = await call<ImportColumn>(handlers, 'files:import-column', {
      importId: summary.importId,
      column: summary.suggestedColumn
    })
    const lines = linesOfColumn(column)
    expect(lines.map((line) => line.input)).toEqual(gtins)

    const started = await call<JobProgress>(handlers, 'jobs:start', {
      environment: 'demo',
      stores: [1234],
      itemType: 'gtin',
      lines: packInputColumn(lines)
    })
    const settled = await root.services.lookups.whenSettled(started.jobId)
    expect(settled.state).toBe('finished')
    expect(settled.found + settled.notFound).toBe(gtins.length)

    const entries = decodeResultPage(await call<EncodedResultPage>(handlers, 'jobs:results', { jobId: started.jobId, from: 0 }))
    expect(entries.map((entry) => entry.input).sort()).toEqual([...gtins].sort())
    expect(entries.every((entry) => entry.status === 'found' || entry.status === 'not_found')).toBe(true)
  } finally {
    await root.close()
    await rm(dir, { recursive: true, force: true })
  }
})
