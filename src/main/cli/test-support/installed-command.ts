import { spawn } from 'node:child_process'
import { mkdir, readdir } from 'node:fs/promises'
import { delimiter, dirname, join } from 'node:path'
import { COMMAND_NAME } from '../command-files'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')

export interface Finished {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** PATH with this Node first: the command's `#!/usr/bin/env node`, npm and node-gyp must find Node 24, not the system's. */
export function pathWith(...dirs: string[]): string {
  return [...dirs, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter)
}

/** Runs a program to its end, collecting what it prints. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
}

/** npm as the running `npm test` started it, else the one on PATH. */
export function npm(args: string[]): [string, string[]] {
  const cli = process.env.npm_execpath
  return cli !== undefined && cli.endsWith('.js') ? [process.execPath, [cli, ...args]] : ['npm', args]
}

/**
 * Packs this checkout as `npm pack` does (its prepack builds the command) and installs the tarball
 * with `npm install -g` into a prefix of its own, offline, with an empty npm cache: the tarball must
 * carry everything it needs. keytar's native part is fetched prebuilt or built, as on a user's
 * machine (npm_config_build_from_source and npm_config_nodedir, when set, say how). Returns the
 * installed command's path.
 */
export async function packAndInstall(dir: string): Promise<{ bin: string; binDir: string; tarball: string }> {
  const packed = join(dir, 'packed')
  const prefix = join(dir, 'prefix')
  await mkdir(packed, { recursive: true })
  const env = { ...process.env, PATH: pathWith() }
  const [packCommand, packArgs] = npm(['pack', '--pack-destination', packed])
  const pack = await run(packCommand, packArgs, { cwd: ROOT, env })
  if (pack.code !== 0) throw new Error(`npm pack failed (${pack.code}):\n${pack.stdout}\n${pack.stderr}`)
  const tarball = (await readdir(packed)).find((name) => name.endsWith('.tgz'))
  if (tarball === undefined) throw new Error(`npm pack wrote no tarball:\n${pack.stdout}\n${pack.stderr}`)

  const [installCommand, installArgs] = npm([
    'install',
    '--global',
    '--offline',
    '--no-audit',
    '--no-fund',
    '--cache',
    join(dir, 'npm-cache'),
    '--prefix',
    prefix,
    join(packed, tarball)
  ])
  const install = await run(installCommand, installArgs, { cwd: dir, env })
  if (install.code !== 0) throw new Error(`npm install -g failed (${install.code}):\n${install.stdout}\n${install.stderr}`)
  const binDir = join(prefix, 'bin')
  return { bin: join(binDir, COMMAND_NAME), binDir, tarball: join(packed, tarball) }
}
