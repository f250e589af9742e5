import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { COMMAND_THREAD_FILES } from '../src/main/cli/command-files'
import { COMMAND_SOURCES } from './build-command'

const ROOT = join(import.meta.dirname, '..')

/** The files a built script is made of, as esbuild bundles it for the command. */
async function bundledFiles(name: string): Promise<string[]> {
  const source = COMMAND_SOURCES[name.replace(/\.mjs$/, '')]
  if (source === undefined) throw new Error(`${name} is not one of the command's scripts`)
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [source],
    bundle: true,
    format: 'esm',
    platform: 'node',
    external: ['keytar'],
    write: false,
    metafile: true,
    outdir: join(ROOT, 'out', 'thread-bundles-test'),
    logLevel: 'silent'
  })
  return Object.keys(metafile.inputs)
}

/**
 * A thread compiles everything its script imports before it answers: zod alone is three quarters of
 * a megabyte, which the worker and the Demo API's thread, started by every lookup of the command,
 * have no use for (they check their messages by hand). An import that brings it back fails here.
 */
describe("the command's thread scripts", () => {
  it.each([COMMAND_THREAD_FILES.workerEntry, COMMAND_THREAD_FILES.demoApiEntry])('%s bundles no zod', async (name) => {
    const files = await bundledFiles(name)
    expect(files.length).toBeGreaterThan(5)
    expect(files.filter((file) => file.includes('node_modules/zod/'))).toEqual([])
  })

  it("History's thread does bundle it (its stored lines are typed by the contract's schemas), so the check above can fail", async () => {
    expect((await bundledFiles(COMMAND_THREAD_FILES.historyEntry)).some((file) => file.includes('node_modules/zod/'))).toBe(true)
  })
})
