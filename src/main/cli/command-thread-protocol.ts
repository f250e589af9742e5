import type { ThreadScripts } from './command-files'

/** What the command's thread is started with. */
export interface CommandThreadData {
  argv: readonly string[]
  /** The built thread scripts the installed command ships; without them the threads run the TypeScript source. */
  threads: ThreadScripts | null
}

/** What the command's thread asks of the process's main thread, which owns its terminal and signals. */
export type CommandThreadMessage =
  | { kind: 'stdout'; text: string }
  | { kind: 'stderr'; text: string }
  /** A chunk of `--output -`: answered with `written` once the process's standard output has taken it. */
  | { kind: 'write'; id: number; chunk: string | Uint8Array }
  /** Ctrl+C, SIGTERM and SIGHUP stop the lookup from now on (`true`), or are left to end the process (`false`). */
  | { kind: 'interrupts'; listening: boolean }
  | { kind: 'exit'; code: number }

/** What the main thread tells the command's thread. */
export type CommandMainMessage = { kind: 'written'; id: number; error: string | null } | { kind: 'interrupt' }
