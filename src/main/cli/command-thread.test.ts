import { EventEmitter } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommandOnThread, type CommandProcess } from './command-thread'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'command-thread-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The process as the command's main thread sees it: its output collected, its signals sent by the test. */
function fakeProcess(options: { failWrites?: boolean } = {}) {
  let stdout = ''
  let stderr = ''
  const signals = new EventEmitter()
  const exits: number[] = []
  const proc: CommandProcess = {
    stdout: new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (options.failWrites === true) return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
        stdout += chunk.toString()
        done()
      }
    }),
    stderr: new Writable({
      write(chunk: Buffer, _encoding, done) {
        stderr += chunk.toString()
        done()
      }
    }),
    signals: signals as unknown as CommandProcess['signals'],
    exit: (code) => exits.push(code),
    env: { ...process.env, STORE_INVENTORY_DATA_DIR: join(dir, 'data'), INVENTORY_CLIENT_SECRET: '', INVENTORY_CLIENT_SECRET_FILE: '' }
  }
  return {
    proc,
    signals,
    exits,
    get stdout() {
      return stdout
    },
    get stderr() {
      return stderr
    }
  }
}

async function valuesFile(count: number): Promise<string> {
  const path = join(dir, `values-${count}.txt`)
  await writeFile(path, Array.from({ length: count }, (_, index) => String(10_000_000 + index)).join('\n'))
  return path
}

describe('runCommandOnThread', () => {
  it('runs the command on its thread, with its output written by main and its exit status returned', async () => {
    const fake = fakeProcess()
    expect(await runCommandOnThread(['--history'], fake.proc)).toBe(0)
    expect(fake.stdout).toBe('No runs are saved in History yet.\n')

    const wrong = fakeProcess()
    expect(await runCommandOnThread(['--no-such-option'], wrong.proc)).toBe(2)
    expect(wrong.stderr).toContain("Unknown option '--no-such-option'")
    expect(wrong.stdout).toBe('')
  }, 60_000)

  it('streams every row of --output - through main, and a signal stops the lookup while it listens, a second ending the process', async () => {
    const fake = fakeProcess()
    const input = await valuesFile(3_000)
    const args = [
      '--env',
      'demo',
      '--store',
      '1-20',
      '--item-type',
      'wm_item_number',
      '--input',
      input,
      '--output',
      '-',
      '--format',
      'ndjson'
    ]
    const running = runCommandOnThread([...args, '--no-save'], fake.proc)
    // The lookup listens for signals only while it runs: then the first stops it, and what arrived is written.
    await expect.poll(() => fake.signals.listenerCount('SIGTERM'), { timeout: 30_000 }).toBe(1)
    fake.signals.emit('SIGTERM')
    const code = await running
    expect(code).toBe(1)
    expect(fake.stderr).toContain('Stopping: lines not yet looked up will be marked cancelled, and what arrived is written.')
    const rows = fake.stdout.trimEnd().split('\n')
    expect(rows).toHaveLength(3_000 * 20)
    expect(rows.filter((row) => (JSON.parse(row) as { status: string }).status === 'cancelled').length).toBeGreaterThan(0)
    // Once the lookup is over nothing listens, so a signal ends the process as it would without the command.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) expect(fake.signals.listenerCount(signal)).toBe(0)
    expect(fake.exits).toEqual([])

    const again = fakeProcess()
    const second = runCommandOnThread([...args, '--no-save'], again.proc)
    await expect.poll(() => again.signals.listenerCount('SIGINT'), { timeout: 30_000 }).toBe(1)
    again.signals.emit('SIGINT')
    again.signals.emit('SIGINT')
    expect(again.exits).toEqual([130])
    await second
  }, 120_000)

  it('says so when standard output cannot take the rows', async () => {
    const fake = fakeProcess({ failWrites: true })
    const input = await valuesFile(10)
    const code = await runCommandOnThread(
      [
        '--env',
        'demo',
        '--store',
        '1',
        '--item-type',
        'wm_item_number',
        '--input',
        input,
        '--output',
        '-',
        '--format',
        'ndjson',
        '--no-save'
      ],
      fake.proc
    )
    expect(code).toBe(1)
    expect(fake.stderr).toContain('Error: the results could not be written to standard output.')
  }, 60_000)
})
