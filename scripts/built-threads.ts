import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const CHUNKS = fileURLToPath(new URL('../out/main/chunks/', import.meta.url))

export interface BuiltThreads {
  workerEntry: string
  demoApiEntry: string
  historyEntry: string
  searchReplyEntry: string
}

/**
 * The threads' scripts as the app ships them (`electron-vite build`): bench:main measures memory
 * with them (a thread started from the TypeScript source also runs tsx's loader, about 20 MB more
 * per thread than the app's threads take), and an e2e test runs the services on them.
 */
export function builtThreads(): BuiltThreads {
  let files: string[]
  try {
    files = readdirSync(CHUNKS)
  } catch {
    throw new Error(`${CHUNKS} is missing: run npm run build first.`)
  }
  const find = (name: string): string => {
    const file = files.find((candidate) => candidate.startsWith(`${name}-`) && candidate.endsWith('.js'))
    if (file === undefined) throw new Error(`${CHUNKS} has no ${name} script: run npm run build first.`)
    return join(CHUNKS, file)
  }
  return {
    workerEntry: find('worker-main'),
    demoApiEntry: find('demo-api-thread-main'),
    historyEntry: find('history-thread-main'),
    searchReplyEntry: find('search-reply-thread-main')
  }
}
