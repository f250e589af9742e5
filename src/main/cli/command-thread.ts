import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { resolveThreadEntry } from '../workers/thread-entry'
import { THREAD_YOUNG_GENERATION_MB } from '../workers/thread-limits'
import type { ThreadScripts } from './command-files'
import type { CommandMainMessage, CommandThreadData, CommandThreadMessage } from './command-thread-protocol'

/** What the command's main thread owns for it: the process's terminal, signals and end. */
export interface CommandProcess {
  stdout: Pick<NodeJS.WritableStream, 'write' | 'on'>
  stderr: Pick<NodeJS.WritableStream, 'write'>
  signals: Pick<NodeJS.Process, 'on' | 'off'>
  /** Ends the process at once: a second Ctrl+C means "now", not "after writing what was found". */
  exit(code: number): void
  env: NodeJS.ProcessEnv
}

/** The built scripts of the installed command: its own thread's and those of the threads that one starts. */
export interface BuiltCommand {
  commandEntry: string
  threads: ThreadScripts
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Runs the headless lookup on a thread of this process and resolves to its exit status. The
 * lookup's every answer (and, with `--no-save`, History's work) is done on the thread that runs
 * it; on main's thread V8 lets the young generation grow to 128 MB and keeps it: a 1,000,000-row
 * lookup peaked at 411 MB, and at 225 MB on a thread with the young generation every other thread
 * of the app has (`THREAD_YOUNG_GENERATION_MB`), in about the same time. Main keeps what is the process's: its
 * standard output and error (written in order, a slow reader holding the rows back), and the
 * signals, which stop the lookup while the thread listens for them and otherwise end the process
 * as before.
 */
export function runCommandOnThread(argv: readonly string[], proc: CommandProcess, built?: BuiltCommand): Promise<number> {
  const source = join(dirname(fileURLToPath(import.meta.url)), 'command-thread-main.ts')
  const { entry, execArgv } = resolveThreadEntry(source, built?.commandEntry)
  const worker = new Worker(entry, {
    ...(execArgv === undefined ? {} : { execArgv }),
    env: proc.env,
    workerData: { argv: [...argv], threads: built?.threads ?? null } satisfies CommandThreadData,
    resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB }
  })
  const tell = (message: CommandMainMessage) => worker.postMessage(message)

  // A reader that went away (`| head`) is reported by the write that failed, not as an uncaught error.
  let stdoutFailure: Error | null = null
  proc.stdout.on('error', (error: Error) => (stdoutFailure ??= error))

  let interrupts = 0
  let listening = false
  const onSignal = () => {
    interrupts += 1
    if (interrupts > 1) proc.exit(130)
    else tell({ kind: 'interrupt' })
  }
  function listen(on: boolean): void {
    if (on === listening) return
    listening = on
    for (const signal of SIGNALS) {
      if (on) proc.signals.on(signal, onSignal)
      else proc.signals.off(signal, onSignal)
    }
  }

  return new Promise<number>((resolve) => {
    let code: number | null = null
    let failure: Error | null = null
    worker.on('message', (message: CommandThreadMessage) => {
      switch (message.kind) {
        case 'stdout':
          proc.stdout.write(message.text)
          return
        case 'stderr':
          proc.stderr.write(message.text)
          return
        case 'write': {
          const { id } = message
          if (stdoutFailure !== null) return tell({ kind: 'written', id, error: stdoutFailure.message })
          // The answer comes once the chunk is handed to the system: a slow reader holds the next rows back.
          proc.stdout.write(message.chunk, (error?: Error | null) => tell({ kind: 'written', id, error: error?.message ?? null }))
          return
        }
        case 'interrupts':
          listen(message.listening)
          return
        case 'exit':
          code = message.code
      }
    })
    worker.on('error', (error) => (failure = error))
    worker.on('exit', () => {
      listen(false)
      if (code === null) {
        const why = failure?.message ?? 'its thread ended without an answer'
        proc.stderr.write(`Error: the lookup stopped unexpectedly (${why}).\n`)
      }
      resolve(code ?? 1)
    })
  })
}
