import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { IMPORT_VALUE_SEPARATOR, type Draft, type ImportColumn, type ImportSummary, type IpcResult } from '../../shared/contract'
import { createAppRoot, type AppRoot } from '../composition-root'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { dispatch } from './handler-table'
import { validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { decodeResultPage, type EncodedResultPage } from '../../shared/domain/result-page'
import { packInputColumn } from '../../shared/input-column'

/**
 * An imported list left as a draft, then the app restarted: the draft names its file, which main
 * kept in the data folder, so running it after the restart still carries the file's columns and its
 * item names. Before, the file lived only in the worker's memory and the restored list ran without them.
 */
const appWindow = { webContentsId: 1, frameUrl: 'app://renderer/index.html', isMainFrame: true }
let dataDir: string
const roots: AppRoot[] = []

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'draft-import-'))
})
afterEach(async () => {
  for (const root of roots.splice(0)) await root.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function startApp() {
  const root = await createAppRoot({
    fetch: globalThis.fetch,
    now: () => Date.now(),
    secretStore: createMemorySecretStore(),
    userDataDir: dataDir,
    log: createMemoryLogger(),
    chooseExportPath: async (name) => join(dataDir, name),
    openExternal: async () => undefined
  })
  roots.push(root)
  const handlers = root.createHandlers(() => true)
  async function call<T>(channel: string, input?: unknown): Promise<T> {
    const result = (await dispatch(handlers, channel, input, appWindow)) as IpcResult<T>
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return result.value
  }
  return { root, call }
}

it("runs an imported list restored after a restart with its file's columns and item names", async () => {
  const gtins = validGtins(3)
  const csv = ['GTIN,Description,Case Pack', ...gtins.map((gtin, index) => `${gtin},Thing ${index},${index + 6}`)].join('\n')
  const before = await startApp()
  const summary = await before.call<ImportSummary>('files:read-import', { fileName: 'order.csv', bytes: new TextEncoder().encode(csv) })
  const source = { importId: summary.importId, column: 0, nameColumn: 1 }
  const column = await before.call<ImportColumn>('files:import-column', source)
  const lines = column.lines.map((line, index) => ({ line, input: column.values.split(IMPORT_VALUE_SEPARATOR)[index] ?? '' }))
  await before.call('history:save-draft', { text: gtins.join('\n'), importNote: 'From order.csv', lines, source })
  await before.root.close()
  roots.length = 0

  const after = await startApp()
  const { draft } = await after.call<{ draft: Draft | null }>('history:get-draft')
  expect(draft?.source).toEqual(source)
  const { jobId } = await after.call<{ jobId: string }>('jobs:start', {
    environment: 'demo',
    stores: [1234],
    itemType: 'gtin',
    lines: packInputColumn(draft?.lines ?? []),
    source: draft?.source
  })
  await after.root.services.lookups.whenSettled(jobId)
  const opened = await after.call<{ carriedColumns: string[] }>('history:open', { jobId })
  expect(opened.carriedColumns).toEqual(['Item name', 'Case Pack'])
  const entries = decodeResultPage(await after.call<EncodedResultPage>('jobs:results', { jobId, from: 0 }))
  expect(new Map(entries.map((entry) => [entry.line, entry.carried]))).toEqual(
    new Map([
      [2, ['Thing 0', '6']],
      [3, ['Thing 1', '7']],
      [4, ['Thing 2', '8']]
    ])
  )
})
