import { createAppRoot } from '../../composition-root'
import { createMemorySecretStore } from '../../credentials/memory-secret-store'
import type { LookupIo } from '../lookup-io'

/** The command's terminal for in-process tests: the app's real services, what it prints kept line by line. */
export function demoTerminal(env: NodeJS.ProcessEnv): LookupIo & { out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    env,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    fetch: globalThis.fetch,
    now: Date.now,
    secretStore: () => createMemorySecretStore(),
    onInterrupt: () => () => undefined,
    startServices: createAppRoot,
    progressIntervalMs: 60_000
  }
}
