import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { loadavg } from 'node:os'

/**
 * What each busy process runs: a tight loop, in 50 ms turns so that its event loop still hears
 * the channel to the process that started it close (that process ended, even killed outright,
 * when no exit handler runs) and then ends itself, as it does once it has spun for `maxMs`. A
 * bench that crashes or is killed leaves no process spinning on a machine others share.
 */
function spinner(maxMs: number): string {
  return `const until = Date.now() + ${maxMs};
process.on('disconnect', () => process.exit(0));
function spin() {
  const end = Date.now() + 50;
  while (Date.now() < end);
  if (end > until) process.exit(0);
  setImmediate(spin);
}
spin();`
}

/** The longest a busy process spins if nobody stops it: longer than any bench's measured steps. */
export const BUSY_MAX_MS = 20 * 60 * 1000

export interface BusyLoad {
  readonly pids: readonly number[]
  /** Kills every busy process and resolves once each has exited. */
  stop(): Promise<void>
}

/**
 * `count` processes, each spinning a core, so that a figure "at load N" can be measured on a quiet
 * machine: the processes compete with the bench's threads for the cores as other users' work would.
 */
export function startBusyLoad(count: number, maxMs: number = BUSY_MAX_MS): BusyLoad {
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', spinner(maxMs)], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] })
  )
  const exited = children.map((child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit')))
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  // Also when the bench ends by an error: the processes must not outlive it.
  process.once('exit', killAll)
  return {
    pids: children.flatMap((child) => (child.pid === undefined ? [] : [child.pid])),
    async stop() {
      killAll()
      await Promise.all(exited)
      process.removeListener('exit', killAll)
    }
  }
}

/**
 * Waits until the one-minute load average reaches `target`, or `maxMs` have passed (it lags: four
 * new busy processes take it from 0 to about 3.5 in 2 minutes); gives the load it reached.
 */
export async function waitForLoad(
  target: number,
  maxMs: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  load: () => number = () => loadavg()[0] ?? 0
): Promise<number> {
  const until = Date.now() + maxMs
  while (load() < target && Date.now() < until) await wait(1000)
  return load()
}

/** `--busy N` on the command line: N busy processes (1 to 32), or 0 when it is not given. */
export function busyArgument(argv: readonly string[]): number {
  const at = argv.indexOf('--busy')
  if (at === -1) return 0
  const count = Number(argv[at + 1])
  if (!Number.isInteger(count) || count < 1 || count > 32)
    throw new Error('--busy takes the number of busy processes to run, a whole number from 1 to 32.')
  return count
}
