import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { packAndInstall, pathWith } from '../src/main/cli/test-support/installed-command'

/**
 * The installed command's costs (`npm run bench:command`; not a test): this checkout packed and
 * installed with `npm install -g` into a temporary prefix, then run as people run it, from another
 * folder, in a process of its own, and timed from the outside.
 *
 * 1. `inventory-lookup --help`, wall time (target under 0.2 s).
 * 2. A 3-value Demo lookup written to CSV, wall time from start to exit (target under 0.6 s).
 * 3. A 1,000,000-row `--format ndjson` output to standard output (50,000 values x 20 stores in Demo),
 *    read by this process as it streams: the command's peak RSS, all its threads included, from
 *    /proc (target under 400 MB; Linux only), and how fast the rows came.
 *
 * Each figure is printed with the load average at the time: the machine is shared, and a run
 * waiting for a core is slower for it. Options: `--runs N` (default 10, parts 1-2), `--values N`
 * (default 50000, part 3), `--skip-million`.
 */

function option(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? undefined : Number(process.argv[index + 1])
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined
}

const RUNS = option('runs') ?? 10
const MILLION_VALUES = option('values') ?? 50_000
const MILLION_STORES = 20
const TARGETS = { helpMs: 200, lookupMs: 600, rssMb: 400 }

const load = (): string =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${cpus().length} cores`
const mark = (ok: boolean): string => (ok ? 'met' : 'NOT MET')
const row = (label: string, value: string): void => console.log(`  ${label.padEnd(46)} ${value}`)

interface Timed {
  code: number | null
  ms: number
  /** CPU time (user and system, all its threads) the command used; null where /proc has no such figure. */
  cpuMs: number | null
  stderr: string
}

/**
 * CPU time used so far by this process's children that have ended, from /proc/self/stat (cutime and
 * cstime): unlike wall time it hardly depends on what else the machine is running. Linux only.
 */
function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // The fields after the command's name, which is in parentheses and may hold spaces: state is [0], cutime [13], cstime [14].
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[13]) + Number(fields[14])
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null
  } catch {
    return null
  }
}

/** USER_HZ, which Linux fixes at 100 on every architecture for /proc's figures. */
const CLOCK_TICKS_PER_SECOND = 100

/** Runs the installed command once, from `cwd`, and times it from spawn to exit. */
function timed(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const cpuBefore = childrenCpuMs()
    const started = performance.now()
    const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = performance.now() - started
      const cpuAfter = childrenCpuMs()
      resolve({ code, ms, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, stderr })
    })
  })
}

function summary(times: readonly number[]): { median: number; min: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b)
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 }
}

async function repeated(label: string, target: number, run: () => Promise<Timed>): Promise<void> {
  const before = load()
  const times: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < RUNS; i += 1) {
    const one = await run()
    if (one.code !== 0) throw new Error(`${label} exited ${one.code}:\n${one.stderr}`)
    times.push(one.ms)
    if (one.cpuMs !== null) cpu.push(one.cpuMs)
  }
  const { median, min, max } = summary(times)
  row(`${label} (${RUNS} runs)`, `median ${median.toFixed(0)} ms, min ${min.toFixed(0)}, max ${max.toFixed(0)}`)
  row('  target', `under ${target} ms: ${mark(median < target)} (median)`)
  if (cpu.length === RUNS) {
    const used = summary(cpu)
    row(
      '  CPU time (user + system, all threads)',
      `median ${used.median.toFixed(0)} ms, min ${used.min.toFixed(0)}, max ${used.max.toFixed(0)}`
    )
  }
  row('  machine', `${before} before, ${load()} after`)
}

/** The process's resident memory now and at its peak (VmHWM), from /proc; null where there is none. */
function rssOf(pid: number): { now: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
    return { now: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 }
  } catch {
    return null
  }
}

async function million(bin: string, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const values = Array.from({ length: MILLION_VALUES }, (_, i) => String(10_000_000 + i))
  await writeFile(join(cwd, 'million.txt'), values.join('\n'))
  const rows = MILLION_VALUES * MILLION_STORES
  const args = ['--env', 'demo', '--store', `1-${MILLION_STORES}`, '--item-type', 'wm_item_number', '--input', 'million.txt']
  const before = load()
  const started = performance.now()
  const child = spawn(bin, [...args, '--output', '-', '--format', 'ndjson', '--no-save'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  let lines = 0
  let bytes = 0
  let firstRowMs: number | null = null
  let peakBeforeRows = 0
  child.stdout.on('data', (chunk: Buffer) => {
    if (firstRowMs === null) {
      firstRowMs = performance.now() - started
      // The high-water mark when the first row arrives is the lookup's own; what comes after is the writing's.
      peakBeforeRows = (child.pid === undefined ? null : rssOf(child.pid))?.peak ?? 0
    }
    bytes += chunk.length
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1
  })
  let peak = 0
  let peakWhileWriting = 0
  const sample = () => {
    const rss = child.pid === undefined ? null : rssOf(child.pid)
    if (rss === null) return
    peak = Math.max(peak, rss.peak)
    if (firstRowMs !== null) peakWhileWriting = Math.max(peakWhileWriting, rss.now)
  }
  const sampler = setInterval(sample, 100)
  const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)))
  clearInterval(sampler)
  const totalMs = performance.now() - started
  if (code !== 0) throw new Error(`the million-row lookup exited ${code}:\n${stderr.slice(-2000)}`)
  const writeMs = totalMs - (firstRowMs ?? totalMs)
  const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`
  row(`${rows.toLocaleString('en-US')} rows as NDJSON to stdout`, `${lines.toLocaleString('en-US')} lines, ${mb(bytes)}`)
  row('  lookup, then first row', `${(((firstRowMs ?? totalMs) / 1000) as number).toFixed(1)} s after start`)
  row('  rows streamed', `${(writeMs / 1000).toFixed(1)} s, ${Math.round(lines / (writeMs / 1000)).toLocaleString('en-US')} rows/s`)
  if (process.platform === 'linux') {
    row('  peak RSS (VmHWM, whole run)', `${mb(peak)}: target under ${TARGETS.rssMb} MB ${mark(peak < TARGETS.rssMb * 1024 * 1024)}`)
    row('  peak RSS during the lookup (before the first row)', mb(peakBeforeRows))
    row('  highest RSS seen while rows streamed', mb(peakWhileWriting))
  } else {
    row('  peak RSS', 'not measured: /proc is Linux only')
  }
  row('  machine', `${before} before, ${load()} after`)
  if (lines !== rows) throw new Error(`expected ${rows} lines, read ${lines}`)
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-command-'))
  try {
    console.log(`Packing and installing the command (npm pack, npm install -g --offline into a temporary prefix); ${load()}`)
    const installStarted = performance.now()
    const { bin, binDir } = await packAndInstall(dir)
    console.log(`  installed in ${((performance.now() - installStarted) / 1000).toFixed(1)} s: ${bin}\n`)
    const work = join(dir, 'work')
    await mkdir(work)
    const env = { ...process.env, PATH: pathWith(binDir), STORE_INVENTORY_DATA_DIR: join(dir, 'data'), INVENTORY_CLIENT_SECRET: '' }
    await writeFile(join(work, 'items.csv'), 'GTIN\n00012345678905\n00614141000036\n04006381333931\n')

    console.log('The installed command, timed from outside')
    await repeated('inventory-lookup --help', TARGETS.helpMs, () => timed(bin, ['--help'], work, env))
    await repeated('3-value Demo lookup to CSV', TARGETS.lookupMs, () =>
      timed(bin, ['--env', 'demo', '--store', '100', '--input', 'items.csv', '--output', 'out.csv', '--no-save'], work, env)
    )
    if (process.argv.includes('--skip-million')) return
    await million(bin, work, env)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
