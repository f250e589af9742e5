import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { delimiter, dirname, join } from 'node:path'
import { onTestFinished } from 'vitest'
import { encodeWire } from '../../../../e2e/harness/wire-codec'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')

export interface Child {
  process: ChildProcess
  output(): string
  exited: Promise<number | null>
}

/**
 * A process of the app's, killed when the test ends if it is still running. Node itself runs the
 * TypeScript (through tsx's loader) rather than the tsx command, which would start Node as a child
 * of its own: a signal must reach the process that does the work.
 */
function start(args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  })
  return { process: child, output: () => output, exited }
}

/** The headless command, as `npm run lookup -- ...` runs it. */
export function headlessLookup(args: string[], env: Record<string, string>): Child {
  return start(['src/main/cli/lookup.ts', ...args], env)
}

export interface HarnessChild extends Child {
  /** Calls a channel through the harness's bridge, as the window does. */
  invoke(channel: string, input?: unknown): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>
}

/** The browser harness (`npm run preview:web`): the app's main services in a process of their own. */
export async function harnessProcess(dataDir: string): Promise<HarnessChild> {
  const child = start(['e2e/harness/preview-web.ts'], { PREVIEW_DATA_DIR: dataDir, PREVIEW_SECRET_STORE: 'memory' })
  const url = await new Promise<string>((resolve, reject) => {
    const found = () => child.output().match(/(http:\/\/127\.0\.0\.1:\d+\/[^\s]+\/)/)?.[1]
    child.process.stdout?.on('data', () => {
      const match = found()
      if (match !== undefined) resolve(match)
    })
    void child.exited.then(() => reject(new Error(`the harness stopped before serving: ${child.output()}`)))
  })
  return {
    ...child,
    invoke: (channel, input) =>
      new Promise((resolve, reject) => {
        // The bridge's wire: JSON, with typed arrays (a lookup's line numbers) as the window's bridge sends them.
        const body = encodeWire({ channel, input })
        const call = request(
          new URL('__harness/invoke', url),
          { method: 'POST', headers: { Referer: url, 'Content-Type': 'application/json' } },
          (response) => {
            let text = ''
            response.on('data', (chunk: Buffer) => (text += chunk.toString()))
            response.on('end', () => resolve(JSON.parse(text) as { ok: boolean; value?: unknown; error?: { message: string } }))
          }
        )
        call.on('error', reject)
        call.end(body)
      })
  }
}
