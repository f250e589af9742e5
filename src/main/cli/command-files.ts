/**
 * The installed command's files, as `scripts/build-command.ts` writes them and as the command finds
 * them at run time: one entry on PATH and, beside it, the scripts of the threads it starts (the
 * app's worker, the Demo API and History), so nothing is compiled when it runs.
 */
export const COMMAND_NAME = 'inventory-lookup'

/** Where the build writes the command, relative to the package root; what package.json's `bin` and `files` name. */
export const COMMAND_OUT_DIR = 'out/cli'

export const COMMAND_ENTRY_FILE = `${COMMAND_NAME}.mjs`

/** The thread the lookup runs on (`command-thread.ts`), beside the entry. */
export const COMMAND_THREAD_FILE = 'command-thread-main.mjs'

/** The built thread scripts, by the composition root's name for each. */
export const COMMAND_THREAD_FILES = {
  workerEntry: 'worker-main.mjs',
  demoApiEntry: 'demo-api-thread-main.mjs',
  historyEntry: 'history-thread-main.mjs',
  searchReplyEntry: 'search-reply-thread-main.mjs'
} as const

export type ThreadScripts = { [Name in keyof typeof COMMAND_THREAD_FILES]: string }
