import { createAppRoot } from '../composition-root'
import { createKeytarSecretStore } from '../credentials/keytar-secret-store'
import type { ThreadScripts } from './command-files'
import { runLookup } from './run-lookup'

/**
 * The headless lookup in this process, once an entry has found this Node new enough. The installed
 * command passes its built thread scripts; `npm run lookup` passes none and its threads run the
 * TypeScript source. See `--help`.
 */
export async function runCommand(threads?: ThreadScripts): Promise<void> {
  let interrupts = 0
  // A reader that went away (`| head`) is reported by the write that failed, not as an uncaught error.
  let stdoutFailure: Error | null = null
  process.stdout.on('error', (error) => (stdoutFailure ??= error))
  const writeStdout = (chunk: string | Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      if (stdoutFailure !== null) return reject(stdoutFailure)
      // The callback comes once the chunk is handed to the system: a slow reader holds the next rows back.
      process.stdout.write(chunk, (error) => (error ? reject(error) : resolve()))
    })
  try {
    process.exitCode = await runLookup(process.argv.slice(2), {
      env: process.env,
      stdout: (text) => process.stdout.write(text),
      writeStdout,
      stderr: (text) => process.stderr.write(text),
      fetch: globalThis.fetch,
      now: Date.now,
      secretStore: (log) => createKeytarSecretStore({ log }),
      startServices: createAppRoot,
      ...(threads === undefined ? {} : { threads }),
      onInterrupt(stop) {
        // A scheduler stopping the command (SIGTERM) or a closed SSH session (SIGHUP) is handled like Ctrl+C.
        const onSignal = () => {
          interrupts += 1
          // A second signal means "now", not "after writing what was found".
          if (interrupts > 1) process.exit(130)
          stop()
        }
        const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
        for (const signal of signals) process.on(signal, onSignal)
        return () => {
          for (const signal of signals) process.off(signal, onSignal)
        }
      }
    })
  } catch (error) {
    process.stderr.write(`Error: the lookup stopped unexpectedly (${error instanceof Error ? error.message : String(error)}).\n`)
    process.exitCode = 1
  }
}
