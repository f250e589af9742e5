import { createKeytarSecretStore } from '../credentials/keytar-secret-store'
import { runLookup } from './run-lookup'

/** `npm run lookup -- ...`: the headless lookup. See `--help`. */
async function main(): Promise<void> {
  let interrupts = 0
  const code = await runLookup(process.argv.slice(2), {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: (log) => createKeytarSecretStore({ log }),
    onInterrupt(cancel) {
      const onSigint = () => {
        interrupts += 1
        // A second Ctrl+C means "now", not "after writing what was found".
        if (interrupts > 1) process.exit(130)
        cancel()
      }
      process.on('SIGINT', onSigint)
      return () => process.off('SIGINT', onSigint)
    }
  })
  process.exitCode = code
}

main().catch((error: unknown) => {
  process.stderr.write(`Error: the lookup stopped unexpectedly (${error instanceof Error ? error.message : String(error)}).\n`)
  process.exitCode = 1
})
