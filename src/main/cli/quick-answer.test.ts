import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commandVersion } from './command-version'
import { parseLookupArgs } from './lookup-args'
import { quickAnswer } from './quick-answer'
import { USAGE } from './usage'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string }

describe('--help and --version', () => {
  it('are answered before the services load when given alone, as the flag parser answers them', () => {
    expect(quickAnswer(['--help'])).toBe(`${USAGE}\n`)
    expect(quickAnswer(['-h'])).toBe(`${USAGE}\n`)
    expect(quickAnswer(['--version'])).toBe(`inventory-lookup ${manifest.version}\n`)
    expect(parseLookupArgs(['--help'])).toEqual({ kind: 'help' })
    expect(parseLookupArgs(['--version'])).toEqual({ kind: 'version' })
    // Anything else goes through the parser: a mistake beside --help is still said.
    for (const argv of [[], ['--history'], ['--help', '--history'], ['--version', '--env', 'demo'], ['--helpme']]) {
      expect(quickAnswer(argv), argv.join(' ')).toBeNull()
    }
  })

  it("take the version from the package's own package.json, from the source and from a built copy alike", async () => {
    expect(commandVersion()).toBe(manifest.version)
    const dir = await mkdtemp(join(tmpdir(), 'command-version-'))
    try {
      // Installed: <package>/out/cli/chunks/<chunk>.mjs, under a node_modules that has other package.json files.
      await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'somebody-else', version: '9.9.9' }))
      const installed = join(dir, 'node_modules', manifest.name)
      await mkdir(join(installed, 'out', 'cli', 'chunks'), { recursive: true })
      await writeFile(join(installed, 'package.json'), JSON.stringify({ name: manifest.name, version: '3.4.5' }))
      await writeFile(join(installed, 'out', 'cli', 'package.json'), JSON.stringify({ type: 'module' }))
      expect(commandVersion(join(installed, 'out', 'cli', 'chunks', 'chunk.mjs'))).toBe('3.4.5')
      expect(commandVersion(join(dir, 'elsewhere', 'chunk.mjs'))).toBe('unknown')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
