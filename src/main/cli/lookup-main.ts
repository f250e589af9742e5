import { createAppRoot } from '../composition-root'
import { createKeytarSecretStore } from '../credentials/keytar-secret-store'
import type { EarlyDemoApi } from '../demo-api/early-demo-api'
import type { ThreadScripts } from './command-files'
import type { CommandLine } from './lookup-args'
import type { LookupIo } from './lookup-io'
import { runCommandLine } from './run-lookup'

/** The process's terminal and signals as the command's thread reaches them (`command-thread.ts`). */
export type CommandTerminal = Pick<LookupIo, 'stdout' | 'stderr' | 'onInterrupt'> & Required<Pick<LookupIo, 'writeStdout'>>

/**
 * The headless lookup, once an entry has found this Node new enough; resolves to the exit status.
 * The installed command passes its built thread scripts; `npm run lookup` passes none and its
 * threads run the TypeScript source. See `--help`.
 */
export async function runCommand(
  line: CommandLine,
  terminal: CommandTerminal,
  threads?: ThreadScripts,
  earlyDemoApi?: EarlyDemoApi
): Promise<number> {
  try {
    return await runCommandLine(line, {
      ...terminal,
      env: process.env,
      fetch: globalThis.fetch,
      // Node's fetch is tied to no thread: the searches' HTTP runs on the search thread, off the command's.
      searchHttp: 'search-thread',
      mainHttp: 'node',
      now: Date.now,
      secretStore: (log) => createKeytarSecretStore({ log }),
      startServices: createAppRoot,
      ...(threads === undefined ? {} : { threads }),
      ...(earlyDemoApi === undefined ? {} : { earlyDemoApi })
    })
  } catch (error) {
    terminal.stderr(`Error: the lookup stopped unexpectedly (${error instanceof Error ? error.message : String(error)}).\n`)
    return 1
  }
}
