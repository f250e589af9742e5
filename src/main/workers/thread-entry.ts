import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

/**
 * Where a worker thread's script is and how to start it. The Electron build passes the file
 * electron-vite bundles for it (`built`); the harness, the headless command, benchmarks and tests run
 * the TypeScript source (`source`) through tsx: under tsx the thread inherits its loader, under
 * vitest it has to be given one. A built script needs none of main's options (a benchmark's main
 * runs under tsx but starts the built threads).
 */
export function resolveThreadEntry(source: string, built: string | undefined): { entry: string; execArgv?: string[] } {
  if (built !== undefined) return { entry: built, execArgv: [] }
  if (process.execArgv.some((argument) => argument.includes('tsx'))) return { entry: source }
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return { entry: source, execArgv: [...process.execArgv, '--import', loader] }
}
