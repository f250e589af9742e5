import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sweepTempFiles } from './temp-files'
import { currentWriter, isWriterRunning, parseProcStat, writerTag, type ProcessProbe } from './writer-identity'

const HAS_PROC = existsSync('/proc/self/stat')
const SKIP_NO_PROC =
  'zombies and start times are read from /proc, which only Linux has; elsewhere a pid that answers a signal counts as running'

/** What `/proc/<pid>/stat` holds for a process named `name`, in `state`, started at `start`. */
function statLine(pid: number, name: string, state: string, start: string): string {
  const middle = Array.from({ length: 18 }, (_, index) => String(index + 1)).join(' ')
  return `${pid} (${name}) ${state} ${middle} ${start} 12345 678\n`
}

function startOf(pid: number): string {
  const stat = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  if (stat === null) throw new Error(`no stat for ${pid}`)
  return stat.start
}

function stateOf(pid: number): string | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.state ?? null
  } catch {
    return null
  }
}

const children: ChildProcessWithoutNullStreams[] = []
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    child.stdin.end()
    child.kill()
    await once(child, 'close')
  }
})

/**
 * A real zombie: a Perl parent forks a child that exits at once, prints its pid and does not reap
 * it until its standard input closes (Node reaps its own children, so it cannot be the parent).
 */
async function zombie(): Promise<number> {
  const parent = spawn('perl', [
    '-e',
    '$| = 1; my $child = fork(); if ($child == 0) { exit 0 } print "$child\\n"; <STDIN>; waitpid($child, 0);'
  ])
  children.push(parent)
  const [chunk] = (await once(parent.stdout, 'data')) as [Buffer]
  const pid = Number(chunk.toString().trim())
  await vi.waitFor(() => expect(stateOf(pid)).toBe('Z'), { timeout: 10_000, interval: 20 })
  return pid
}

/** A live process other than this one. */
async function sleeper(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'process.stdin.resume(); process.stdout.write("ready\\n")'])
  children.push(child)
  await once(child.stdout, 'data')
  if (child.pid === undefined) throw new Error('no pid')
  return child.pid
}

describe('the /proc stat line', () => {
  it('is read from after the command name, whatever the name holds', () => {
    expect(parseProcStat(statLine(42, 'node', 'S', '987654'))).toEqual({ state: 'S', start: '987654' })
    expect(parseProcStat(statLine(42, 'a) Z 1 (b', 'R', '55'))).toEqual({ state: 'R', start: '55' })
    expect(parseProcStat('garbage')).toBeNull()
  })
})

describe('a writer recognised for sure', () => {
  it.skipIf(!HAS_PROC)(`this process is running, with its start time recorded (${SKIP_NO_PROC})`, () => {
    const self = currentWriter()
    expect(self).toEqual({ pid: process.pid, start: startOf(process.pid) })
    expect(isWriterRunning(self)).toBe(true)
  })

  it.skipIf(!HAS_PROC)(`a killed writer nobody reaped is not running, though kill(pid, 0) still finds it (${SKIP_NO_PROC})`, async () => {
    const pid = await zombie()
    // The check this replaces would keep the zombie's files for ever.
    expect(() => process.kill(pid, 0)).not.toThrow()
    expect(isWriterRunning({ pid, start: startOf(pid) })).toBe(false)
    expect(isWriterRunning({ pid, start: null })).toBe(false)
  })

  it.skipIf(!HAS_PROC)(`a pid now used by a process started at another time is not the writer (${SKIP_NO_PROC})`, async () => {
    const pid = await sleeper()
    const start = startOf(pid)
    expect(isWriterRunning({ pid, start })).toBe(true)
    expect(isWriterRunning({ pid, start: String(Number(start) + 1) })).toBe(false)
    expect(isWriterRunning({ pid: process.pid, start: '1' })).toBe(false)
  })

  it.skipIf(!HAS_PROC)(
    `the sweep removes the files of a zombie and of a reused pid, and keeps a running writer's (${SKIP_NO_PROC})`,
    async () => {
      const appDir = await mkdtemp(join(tmpdir(), 'writer-identity-'))
      try {
        const dead = await zombie()
        const live = await sleeper()
        const names = {
          zombie: `.settings.json.${writerTag({ pid: dead, start: startOf(dead) })}-0123456789ab.tmp`,
          reused: `.settings.json.${writerTag({ pid: live, start: String(Number(startOf(live)) + 7) })}-0123456789ab.tmp`,
          running: `.settings.json.${writerTag({ pid: live, start: startOf(live) })}-0123456789ab.tmp`,
          reusedByThis: `.settings.json.${writerTag({ pid: process.pid, start: '3' })}-0123456789ab.tmp`
        }
        for (const name of Object.values(names)) await writeFile(join(appDir, name), 'partial')
        expect(await sweepTempFiles(appDir)).toBe(3)
        expect(await readdir(appDir)).toEqual([names.running])
      } finally {
        await rm(appDir, { recursive: true, force: true })
      }
    }
  )

  it('on a system without /proc, falls back to whether the pid answers a signal', () => {
    const signalled: number[] = []
    const probe: ProcessProbe = {
      readStat: () => undefined,
      signalReaches: (pid) => {
        signalled.push(pid)
        return pid === 4242
      }
    }
    expect(isWriterRunning({ pid: 4242, start: null }, probe)).toBe(true)
    expect(isWriterRunning({ pid: 4343, start: null }, probe)).toBe(false)
    expect(signalled).toEqual([4242, 4343])
  })

  it('with /proc, never asks the signal: a missing entry, a zombie or another start time is a gone writer', () => {
    const stats = new Map([
      [1, statLine(1, 'app', 'S', '100')],
      [2, statLine(2, 'app', 'Z', '100')]
    ])
    const probe: ProcessProbe = {
      readStat: (pid) => stats.get(pid) ?? null,
      signalReaches: () => {
        throw new Error('not asked where /proc answers')
      }
    }
    expect(isWriterRunning({ pid: 1, start: '100' }, probe)).toBe(true)
    expect(isWriterRunning({ pid: 1, start: '101' }, probe)).toBe(false)
    expect(isWriterRunning({ pid: 2, start: '100' }, probe)).toBe(false)
    expect(isWriterRunning({ pid: 3, start: null }, probe)).toBe(false)
  })
})
