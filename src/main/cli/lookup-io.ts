import type { AppEffects } from '../app-effects'
import type { RunningServices } from '../app-services'
import type { SecretStore } from '../credentials/secret-store'
import type { EarlyDemoApi } from '../demo-api/early-demo-api'
import type { Logger } from '../logging/logger'
import type { ThreadScripts } from './command-files'
import type { WriteChunk } from './output-sink'

/** What the headless command gets from the process; tests pass their own. */
export interface LookupIo {
  env: NodeJS.ProcessEnv
  stdout(text: string): void
  stderr(text: string): void
  fetch: typeof fetch
  /** Where the searches' HTTP runs: the command's entry runs them on the search thread (Node's fetch); by default `fetch` on this thread. */
  searchHttp?: AppEffects['searchHttp']
  /** How main's own requests go out: the command's entry uses node:http(s); by default `fetch`. */
  mainHttp?: AppEffects['mainHttp']
  now: () => number
  /** Built lazily: the keychain is only touched when no secret came in through the environment. */
  secretStore(log: Logger): SecretStore
  /** Registers what to do on Ctrl+C, SIGTERM or SIGHUP; returns the unregister function. */
  onInterrupt(stop: () => void): () => void
  progressIntervalMs?: number
  /** Builds and starts main's services with the command's effects: the composition root, which the entry point passes. */
  startServices(effects: AppEffects): Promise<RunningServices>
  /** The built thread scripts the installed command ships; without them the threads run the TypeScript source. */
  threads?: ThreadScripts
  /** Standard output for `--output -`, resolving once the chunk is taken; by default `stdout`. */
  writeStdout?: WriteChunk
  /** The Demo API the command's thread started while its code loaded (`earlyDemoFor`); the composition root takes it over. */
  earlyDemoApi?: EarlyDemoApi
}
