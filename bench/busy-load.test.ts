import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { busyArgument, startBusyLoad, waitForLoad } from './busy-load'

/** Whether `pid` still runs: a process that ended but was not reaped (a zombie) does not. */
function alive(pid: number): boolean {
  try {
    return state(pid) !== 'Z'
  } catch {
    return false
  }
}

function stat(pid: number): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
}

function state(pid: number): string | undefined {
  return stat(pid)[0]
}

/** The processor time `pid` has used so far, in clock ticks. */
function ticks(pid: number): number {
  const fields = stat(pid)
  return Number(fields[11]) + Number(fields[12])
}

/** Polls `condition` every 50 ms until it holds; fails after `ms`. */
async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

// Linux's /proc tells whether each process runs and how much processor time it used.
describe.skipIf(process.platform !== 'linux')('the busy load beside a bench', () => {
  it('spins the processes it was asked for, each using a core, and stops every one', async () => {
    const busy = startBusyLoad(2)
    expect(busy.pids).toHaveLength(2)
    const before = busy.pids.map(ticks)
    await until(() => busy.pids.every((pid, index) => ticks(pid) > (before[index] ?? 0) + 10), 10_000)
    await busy.stop()
    expect(busy.pids.filter(alive)).toEqual([])
  })

  it('ends a busy process whose bench was killed, so none is left spinning', async () => {
    const busyLoad = fileURLToPath(new URL('./busy-load.ts', import.meta.url))
    // A bench stand-in that starts one busy process, says its id, and is then killed outright (no exit handler runs).
    const bench = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(busyLoad)}).then(({ startBusyLoad }) => { console.log(startBusyLoad(1).pids[0]); setInterval(() => {}, 1000) })`
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] }
    )
    const [line] = (await once(bench.stdout, 'data')) as [Buffer]
    const pid = Number(line.toString().trim())
    expect(alive(pid)).toBe(true)
    bench.kill('SIGKILL')
    await once(bench, 'exit')
    await until(() => !alive(pid), 10_000)
  })

  it('ends a busy process after its longest spin even when nobody stops it', async () => {
    const busy = startBusyLoad(1, 1_000)
    const [pid] = busy.pids
    await until(() => pid !== undefined && !alive(pid), 10_000)
    await busy.stop()
  })

  it('waits for the load average to reach the target, or gives up after the longest wait', async () => {
    const loads = [0.5, 1.8, 3.1, 4.2, 4.4]
    let waits = 0
    const reached = await waitForLoad(
      4,
      60_000,
      async () => {
        waits += 1
      },
      () => loads[Math.min(waits, loads.length - 1)] ?? 0
    )
    expect([reached, waits]).toEqual([4.2, 3])
    expect(
      await waitForLoad(
        4,
        0,
        async () => undefined,
        () => 0.7
      )
    ).toBe(0.7)
  })

  it('reads --busy N from the command line, and refuses a count it cannot run', () => {
    expect(busyArgument(['node', 'main.bench.ts'])).toBe(0)
    expect(busyArgument(['node', 'main.bench.ts', '--busy', '4'])).toBe(4)
    for (const bad of [['--busy'], ['--busy', '0'], ['--busy', 'four'], ['--busy', '2.5'], ['--busy', '33']])
      expect(() => busyArgument(['node', 'main.bench.ts', ...bad])).toThrow(
        '--busy takes the number of busy processes to run, a whole number from 1 to 32.'
      )
  })
})
