import { deserialize, serialize } from 'node:v8'
import type { ImportColumn, ImportSource, IpcResult } from '../src/shared/contract'
import { linesOfColumn } from '../src/shared/import-lines'
import { packInputColumn } from '../src/shared/input-column'
import type { JobProgress } from '../src/shared/domain/job-progress'
import { createAppRoot } from '../src/main/composition-root'
import { builtThreads } from '../scripts/built-threads'
import { createMemorySecretStore } from '../src/main/credentials/memory-secret-store'
import { dispatch, type HandlerTable } from '../src/main/ipc/handler-table'

import { createLogger } from '../src/main/logging/logger'

/**
 * The app as bench:main drives it: its root as Electron builds it, and the window's calls through
 * the handler table as Electron's IPC makes them. IPC costs main its share of every call: the
 * request is deserialized on main's thread and the reply serialized there (the window does the
 * other half), so a call here does both with V8's serializer, which Electron's IPC uses too. A
 * request the window builds before a step (`fromWindow`) is serialized there, outside the step.
 */

/** Where the searches' HTTP runs in this bench: Node's fetch on the search thread (`--search-http=main`: on main, as Electron's net.fetch runs). */
export const SEARCH_HTTP = process.argv.includes('--search-http=main') ? 'main' : 'search-thread'

const SENDER = { webContentsId: 1, frameUrl: 'app://bench', isMainFrame: true }

/** The app's root as Electron builds it, on the threads' built scripts. */
export function benchRoot(userDataDir: string, exportPath: string) {
  return createAppRoot({
    fetch,
    // As the Node entries (the headless command, the browser harness) run it: Electron's net.fetch, which must stay on main, cannot run here.
    searchHttp: SEARCH_HTTP,
    mainHttp: SEARCH_HTTP === 'main' ? 'fetch' : 'node',
    now: Date.now,
    secretStore: createMemorySecretStore(),
    userDataDir,
    log: createLogger(() => undefined),
    chooseExportPath: async () => exportPath,
    openExternal: async () => undefined,
    // A fast, unthrottled Demo API: the lookup step measures main's own work, not the server's pace.
    demoFaults: { latencyMs: 0, rateLimitPerWindow: null },
    ...builtThreads()
  })
}

export type BenchRoot = Awaited<ReturnType<typeof benchRoot>>

/** A request as the window's IPC carries it: serialized by the window, to be deserialized on main. */
export class WindowRequest {
  constructor(readonly wire: Buffer) {}
}

export function fromWindow(input: unknown): WindowRequest {
  return new WindowRequest(serialize(input))
}

/** One call as the window makes it, main's share of the IPC included; what the handler answered, refusals too. */
export async function tryCall(handlers: HandlerTable, channel: string, input: unknown): Promise<IpcResult<unknown>> {
  const request = deserialize((input instanceof WindowRequest ? input : fromWindow(input)).wire)
  const result = await dispatch(handlers, channel, request, SENDER)
  // Electron serializes the reply on main; the window deserializes it.
  serialize(result)
  return result
}

export async function call<T>(handlers: HandlerTable, channel: string, input: unknown): Promise<T> {
  const result = await tryCall(handlers, channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

/**
 * The 200,000-value lookup of an imported column (carrying its other columns) as the window asks
 * for it, serialized as the window sends it; its line objects are the window's and end here, as
 * main's deserialized copy ends once the lookup has started.
 */
export async function lookupRequest(handlers: HandlerTable, source: ImportSource): Promise<WindowRequest> {
  // The window packs its lines into one column before it sends them.
  const lines = packInputColumn(linesOfColumn(await call<ImportColumn>(handlers, 'files:import-column', source)))
  return fromWindow({ environment: 'demo', stores: [1234], itemType: 'gtin', lines, source })
}

/** Starts the lookup and waits until it is settled with its carried columns; its job id. */
export async function runLookup(handlers: HandlerTable, root: BenchRoot, request: WindowRequest): Promise<string> {
  const started = await call<JobProgress>(handlers, 'jobs:start', request)
  const settled = await root.services.lookups.whenSettled(started.jobId)
  if (settled.pending !== 0 || settled.carriedColumns.length !== 3) throw new Error('the lookup did not settle with its carried columns')
  return started.jobId
}
