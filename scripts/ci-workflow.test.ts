import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

/**
 * The GitHub workflow cannot run on the machines this is developed on (no Electron download), so
 * what it promises is checked here: a typo in it would otherwise only show on the next push.
 */

interface Step {
  uses?: string
  run?: string
  if?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface Job {
  'runs-on': string
  strategy?: { matrix?: { os?: string[] } }
  steps: Step[]
}
interface Workflow {
  on: Record<string, unknown>
  permissions: Record<string, string>
  jobs: Record<string, Job>
}

const root = join(import.meta.dirname, '..')
const workflow = load(readFileSync(join(root, '.github', 'workflows', 'ci.yml'), 'utf8')) as Workflow
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
const ALL_OS = ['ubuntu-latest', 'windows-latest', 'macos-latest']

function job(name: string): Job {
  const found = workflow.jobs[name]
  if (found === undefined) throw new Error(`the workflow has no job "${name}"`)
  return found
}

function runs(steps: Step[]): string[] {
  return steps.flatMap((step) => (step.run === undefined ? [] : [step.run]))
}

describe('the CI workflow', () => {
  it('runs on every push and pull request with read-only repository access', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push'])
    expect(workflow.permissions).toEqual({ contents: 'read' })
  })

  it('pins every action to a full commit', () => {
    const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.flatMap((step) => (step.uses === undefined ? [] : [step.uses])))
    expect(uses.length).toBeGreaterThan(0)
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/)
  })

  it('runs npm test with the Electron suite on Linux, Windows and macOS with Node 24', () => {
    const test = job('test')
    expect(test.strategy?.matrix?.os).toEqual(ALL_OS)
    expect(test.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ 'node-version': 24 })
    const commands = runs(test.steps)
    expect(commands).toContain('npm ci --no-audit --no-fund')
    expect(commands).toContain('npm test')
    // Electron must run, not skip: the binary is downloaded there.
    expect(test.steps.find((step) => step.run === 'npm test')?.env).toMatchObject({ REQUIRE_ELECTRON: '1' })
    expect(commands.join('\n')).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD')
    // npm test itself wraps the suites in xvfb-run and a gnome-keyring session on Linux; those need the packages.
    const linuxPackages = test.steps.find((step) => step.if === "runner.os == 'Linux'" && step.run?.includes('apt-get install'))
    expect(linuxPackages?.run).toMatch(/xvfb/)
    expect(linuxPackages?.run).toMatch(/gnome-keyring/)
    const upload = test.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.if).toBe('always()')
    expect(String(upload?.with?.path)).toContain('e2e-artifacts/')
  })

  it("builds each system's own installers without publishing and uploads them", () => {
    const installers = job('installers')
    expect(installers.strategy?.matrix?.os).toEqual(ALL_OS)
    expect(runs(installers.steps)).toContain('npm run dist')
    expect(packageJson.scripts.dist).toMatch(/electron-builder .*--publish never/)
    const paths = String(installers.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))?.with?.path)
    for (const format of ['AppImage', 'deb', 'exe', 'dmg']) expect(paths).toContain(`*.${format}`)
  })

  it('packs the inventory-lookup command and uploads the tarball, which npm pack builds first', () => {
    const command = job('command')
    const commands = runs(command.steps)
    expect(commands).toContain('npm pack')
    expect(packageJson.scripts.prepack).toBe('npm run build:command')
    const upload = command.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with).toMatchObject({
      name: 'inventory-lookup-tarball',
      path: 'store-inventory-lookup-*.tgz',
      'if-no-files-found': 'error'
    })
  })

  it('leaves .ci/run as it was: it installs from nothing and runs npm test without Electron', () => {
    const ciRun = readFileSync(join(root, '.ci', 'run'), 'utf8')
    expect(ciRun).toContain('export ELECTRON_SKIP_BINARY_DOWNLOAD=1')
    expect(ciRun).toMatch(/^npm test/m)
  })
})
