import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseLookupArgs } from '../src/main/cli/lookup-args'

/**
 * The README's scheduling examples are what people copy, so they are checked where they are
 * written: the systemd units are taken out of the README and verified with systemd-analyze, and
 * every example runs a watchlist on weekdays at 07:00 with --fail-on newly-out-of-stock.
 */
const root = join(import.meta.dirname, '..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

/**
 * The fenced blocks of a language ('' for none), in order. Fences are paired from the top: a
 * pattern for a bare opening fence alone would also take every closing one for an opening.
 */
function blocks(language: string): string[] {
  const found: { language: string; lines: string[] }[] = []
  let open: { language: string; lines: string[] } | null = null
  for (const line of readme.split('\n')) {
    const fence = /^```(\w*)$/.exec(line)
    if (open === null) {
      if (fence !== null) open = { language: fence[1] ?? '', lines: [] }
    } else if (fence !== null && fence[1] === '') {
      found.push(open)
      open = null
    } else {
      open.lines.push(line)
    }
  }
  return found.filter((block) => block.language === language).map((block) => `${block.lines.join('\n')}\n`)
}

/** The systemd units, by the path their first line names under the home folder. */
const units = blocks('ini').flatMap((text) => {
  const path = /^# ~\/(\.config\/systemd\/user\/[\w.-]+\.(?:service|timer))\n/.exec(text)?.[1]
  return path === undefined ? [] : [{ path, text }]
})
const service = units.find((unit) => unit.path.endsWith('.service'))?.text ?? ''
const timer = units.find((unit) => unit.path.endsWith('.timer'))?.text ?? ''
const cronLine = blocks('').find((text) => text.includes('inventory-lookup') && /^0 7 /m.test(text)) ?? ''
const powershell = blocks('powershell').find((text) => text.includes('Register-ScheduledTask')) ?? ''

const systemdAnalyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' })
const noSystemd = systemdAnalyze.error === undefined ? null : 'systemd-analyze is not installed here (Debian: apt install systemd)'

const homes: string[] = []
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true })
})

function setting(unit: string, name: string): string {
  return new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1] ?? ''
}

/** A command line as systemd splits it: words, and double-quoted words with their spaces. */
function words(commandLine: string): string[] {
  return [...commandLine.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '')
}

describe("the README's scheduling examples", () => {
  it('are all there: cron, a systemd service and timer, and Windows Task Scheduler', () => {
    expect(units.map((unit) => unit.path)).toEqual([
      '.config/systemd/user/inventory-lookup-morning.service',
      '.config/systemd/user/inventory-lookup-morning.timer'
    ])
    expect(cronLine).not.toBe('')
    expect(powershell).not.toBe('')
  })

  it('each run a watchlist every weekday at 07:00 and fail on what went newly out of stock', () => {
    const flags = '--watchlist "Morning check" --compare-with previous --fail-on newly-out-of-stock'
    expect(cronLine).toMatch(/^0 7 \* \* 1-5 /m)
    expect(cronLine).toContain(flags)
    expect(setting(timer, 'OnCalendar')).toBe('Mon..Fri *-*-* 07:00:00')
    expect(setting(service, 'ExecStart')).toContain(flags)
    expect(powershell).toContain(flags)
    expect(powershell).toContain('-DaysOfWeek Monday, Tuesday, Wednesday, Thursday, Friday -At 07:00')
  })

  it.skipIf(noSystemd !== null)(`pass systemd-analyze verify as user units${noSystemd === null ? '' : ` (skipped: ${noSystemd})`}`, () => {
    const home = mkdtempSync(join(tmpdir(), 'scheduling-home-'))
    homes.push(home)
    const runtime = join(home, 'run')
    mkdirSync(runtime, { mode: 0o700 })
    for (const unit of units) {
      mkdirSync(dirname(join(home, unit.path)), { recursive: true })
      writeFileSync(join(home, unit.path), unit.text)
    }
    // verify checks that ExecStart names an executable, not what it does: any executable will do.
    mkdirSync(join(home, '.local', 'bin'), { recursive: true })
    symlinkSync(process.execPath, join(home, '.local', 'bin', 'inventory-lookup'))
    const verified = spawnSync('systemd-analyze', ['verify', '--user', ...units.map((unit) => join(home, unit.path))], {
      encoding: 'utf8',
      env: { ...process.env, HOME: home, XDG_RUNTIME_DIR: runtime }
    })
    const said = `${verified.stdout}${verified.stderr}`
    expect(said).not.toMatch(/inventory-lookup-morning/)
    expect(verified.status, said).toBe(0)
  })

  it.skipIf(noSystemd !== null)(
    `fire on weekdays at 07:00 and never at weekends${noSystemd === null ? '' : ` (skipped: ${noSystemd})`}`,
    () => {
      const calendar = spawnSync('systemd-analyze', ['calendar', '--iterations=10', setting(timer, 'OnCalendar')], {
        encoding: 'utf8',
        env: { ...process.env, TZ: 'UTC' }
      })
      expect(calendar.status, calendar.stderr).toBe(0)
      const elapses = [...calendar.stdout.matchAll(/(?:Next elapse|Iter\. #\d+): (\w{3}) \d{4}-\d\d-\d\d (\d\d:\d\d:\d\d)/g)]
      expect(elapses).toHaveLength(10)
      expect(new Set(elapses.map((match) => match[1]))).toEqual(new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']))
      for (const match of elapses) expect(match[2]).toBe('07:00:00')
    }
  )

  it('give the command flags it accepts', () => {
    const [, ...argv] = words(setting(service, 'ExecStart'))
    expect(parseLookupArgs(argv)).toMatchObject({ kind: 'watchlist', options: { watchlist: 'Morning check', compareWith: 'previous' } })
  })
})
