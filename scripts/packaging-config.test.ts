import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Packaging cannot be run here (no Electron binary), so what the packaged app relies on is held
 * by this test: the fuses, the Linux packages' sandbox set-up, and no --no-sandbox anywhere the
 * app or its scripts start Electron.
 */
const root = join(import.meta.dirname, '..')
const config = createRequire(import.meta.url)(join(root, 'electron-builder.config.cjs')) as {
  electronFuses: Record<string, boolean>
  deb?: Record<string, unknown>
  linux?: Record<string, unknown>
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('the packaged app', () => {
  it('has its fuses set: no run-as-Node, no NODE_OPTIONS or inspector, only its checked app.asar, no extra file:// privileges', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false
    })
  })

  it("keeps electron-builder's Linux install scripts, which set up chrome-sandbox and the AppArmor profile Ubuntu 24.04 needs", () => {
    for (const section of [config.deb ?? {}, config.linux ?? {}]) {
      expect(section).not.toHaveProperty('afterInstall')
      expect(section).not.toHaveProperty('appArmorProfile')
      expect(section).not.toHaveProperty('executableArgs')
    }
  })

  it('never starts Electron with --no-sandbox outside the tests', () => {
    const shipped = [
      ...filesUnder(join(root, 'src')).filter((path) => !/\.test\.ts$|[\\/]test-support[\\/]/.test(path)),
      join(root, 'package.json'),
      join(root, 'electron-builder.config.cjs')
    ]
    const offenders = shipped.filter(
      (path) => readFileSync(path, 'utf8').includes('--no-sandbox') && !path.endsWith(join('security', 'startup-switches.ts'))
    )
    expect(offenders.map((path) => relative(root, path))).toEqual([])
    // startup-switches.ts names the switch only to refuse it (its own test holds that), and main.ts asks it before anything else, packaged or not.
    expect(readFileSync(join(root, 'src', 'main', 'electron', 'main.ts'), 'utf8')).toMatch(
      /const refused = refusedStartupSwitch\(\{\s+isPackaged: app\.isPackaged,\s+argv: process\.argv,[\s\S]+?\}\)\nif \(refused !== null\) \{\n\s+dialog\.showErrorBox\(refused\.title, refused\.message\)\n\s+app\.exit\(1\)/
    )
  })
})
