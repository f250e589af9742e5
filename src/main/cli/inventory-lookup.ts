#!/usr/bin/env node
import { fileURLToPath } from 'node:url'
import { COMMAND_NAME, COMMAND_THREAD_FILE, COMMAND_THREAD_FILES } from './command-files'
import type { BuiltCommand } from './command-thread'
import { enableCompileCache } from './compile-cache'
import { startCommand } from './start-command'

/**
 * `inventory-lookup`, the installed command: this file, built to plain JavaScript, is what `bin`
 * points at, with the threads' scripts built beside it. It runs in the process the shell or the
 * scheduler started (no npm, no tsx in between), so SIGINT, SIGTERM and SIGHUP reach the code that
 * handles them.
 */
function builtCommand(): BuiltCommand {
  const beside = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url))
  return {
    commandEntry: beside(COMMAND_THREAD_FILE),
    threads: {
      workerEntry: beside(COMMAND_THREAD_FILES.workerEntry),
      demoApiEntry: beside(COMMAND_THREAD_FILES.demoApiEntry),
      historyEntry: beside(COMMAND_THREAD_FILES.historyEntry),
      searchReplyEntry: beside(COMMAND_THREAD_FILES.searchReplyEntry)
    }
  }
}

// Node keeps the compiled code of the command's modules for the next run, which then parses none
// of its megabyte of JavaScript again, on main's thread and on each thread it starts.
await startCommand(COMMAND_NAME, builtCommand, enableCompileCache)
