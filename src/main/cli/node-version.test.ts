import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { NODE_ENGINES, nodeIsNewEnough, nodeVersionProblem } from './node-version'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const OLD_NODE = '/usr/bin/node'

const VERSIONS: [string, boolean][] = [
  ['20.20.2', false],
  ['22.12.0', false],
  ['22.13.0', true],
  ['v22.13.1', true],
  ['23.3.0', false],
  ['23.4.0', true],
  ['24.0.0', true],
  ['25.1.0', true]
]

/** A Node older than 22.13 on this machine, to start the real entries with; null where there is none. */
function oldNode(): string | null {
  if (!existsSync(OLD_NODE)) return null
  const version = spawnSync(OLD_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  return nodeIsNewEnough(version) ? null : version
}
const OLD_VERSION = oldNode()

function runWithOldNode(entry: string): { status: number | null; stderr: string; stdout: string } {
  const run = spawnSync(OLD_NODE, ['--import', 'tsx', entry], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PREVIEW_DATA_DIR: '', STORE_INVENTORY_DATA_DIR: '' },
    timeout: 60_000
  })
  return { status: run.status, stderr: run.stderr, stdout: run.stdout }
}

describe('the Node version the app needs', () => {
  it('is the one with node:sqlite unflagged: 22.13 on the 22 line, 23.4 on the 23 line, any later one', () => {
    for (const [version, enough] of VERSIONS) expect(nodeIsNewEnough(version), version).toBe(enough)
  })

  it('is said in one sentence naming the program, what it needs and what this is, or not at all', () => {
    expect(nodeVersionProblem('The headless lookup', '24.1.0')).toBeNull()
    expect(nodeVersionProblem('The headless lookup', '22.12.0')).toBe(
      'The headless lookup needs Node.js 22.13 or newer (23.4 or newer on Node 23) for its built-in SQLite, and this is Node 22.12.0: install Node 24 and run it again.\n'
    )
  })

  it("is what package.json's engines says", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
    expect(manifest.engines.node).toBe(NODE_ENGINES)
  })

  it('is what .ci/run checks before it installs anything, version by version', () => {
    const script = readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
    const check = /node_is_new_enough\(\) \{\n\s+node -e '([^']+)'/.exec(script)?.[1]
    expect(check, '.ci/run checks the version with node -e').toBeDefined()
    for (const [version, enough] of VERSIONS) {
      let code: number | null = null
      runInNewContext(check ?? '', {
        process: {
          versions: { node: version.replace(/^v/, '') },
          exit: (status: number) => {
            code = status
          }
        }
      })
      expect(code === 0, version).toBe(enough)
    }
  })

  it.skipIf(OLD_VERSION === null)(
    `the headless command, started on Node ${OLD_VERSION ?? '(none older than 22.13 at /usr/bin/node)'}, says so in one sentence, exit 2`,
    () => {
      const run = runWithOldNode('src/main/cli/lookup.ts')
      expect(run.stderr).toBe(nodeVersionProblem('The headless lookup (npm run lookup)', OLD_VERSION ?? ''))
      expect(run.stdout).toBe('')
      expect(run.status).toBe(2)
    },
    60_000
  )

  it.skipIf(OLD_VERSION === null)(
    `the browser preview, started on Node ${OLD_VERSION ?? '(none older than 22.13 at /usr/bin/node)'}, says so in one sentence, exit 2`,
    () => {
      const run = runWithOldNode('e2e/harness/preview-web.ts')
      expect(run.stderr).toBe(nodeVersionProblem('The browser preview (npm run preview:web)', OLD_VERSION ?? ''))
      expect(run.status).toBe(2)
    },
    60_000
  )
})
