import { chmodSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { COMMAND_ENTRY_FILE, COMMAND_OUT_DIR, COMMAND_THREAD_FILE, COMMAND_THREAD_FILES } from '../src/main/cli/command-files'
import { NODE_ENGINES } from '../src/main/cli/node-version'

const ROOT = join(import.meta.dirname, '..')
const OUT = join(ROOT, COMMAND_OUT_DIR)

/** The oldest Node the command runs on (engines), as esbuild names a target. */
const NODE_TARGET = `node${/\d+\.\d+/.exec(NODE_ENGINES)?.[0] ?? '22.13'}`

const withoutExtension = (file: string) => file.replace(/\.mjs$/, '')

/** The command's entry and its threads' scripts, each by the name it is built to. */
export const COMMAND_SOURCES = {
  [withoutExtension(COMMAND_ENTRY_FILE)]: 'src/main/cli/inventory-lookup.ts',
  [withoutExtension(COMMAND_THREAD_FILE)]: 'src/main/cli/command-thread-main.ts',
  [withoutExtension(COMMAND_THREAD_FILES.workerEntry)]: 'src/main/workers/worker-main.ts',
  [withoutExtension(COMMAND_THREAD_FILES.demoApiEntry)]: 'src/main/demo-api/demo-api-thread-main.ts',
  [withoutExtension(COMMAND_THREAD_FILES.historyEntry)]: 'src/main/history/history-thread-main.ts',
  [withoutExtension(COMMAND_THREAD_FILES.searchReplyEntry)]: 'src/main/inventory/search-reply-thread-main.ts'
}

/**
 * Builds the installed `inventory-lookup` command (part of `npm run build`, and run by `npm pack`):
 * its entry, the thread the lookup runs on and the four thread scripts that one starts, bundled to
 * plain ES modules in out/cli, with the code they share in out/cli/chunks. zod is bundled in: loaded as a package it is some fifty files
 * for Node's loader to resolve in each of the command's threads, a quarter of a small lookup's CPU
 * time. keytar stays outside (a native module, built for the machine it is installed on), loaded
 * from the package's own node_modules.
 */
export async function buildCommand(): Promise<void> {
  // Chunk names carry a hash: a build left from other sources would leave chunks nobody loads.
  rmSync(OUT, { recursive: true, force: true })
  await build({
    absWorkingDir: ROOT,
    entryPoints: COMMAND_SOURCES,
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: NODE_TARGET,
    external: ['keytar'],
    logLevel: 'warning'
  })
  chmodSync(join(OUT, COMMAND_ENTRY_FILE), 0o755)
}

if (import.meta.filename === process.argv[1]) await buildCommand()
