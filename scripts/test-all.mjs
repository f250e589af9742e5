#!/usr/bin/env node
/**
 * `npm test`: every check, in order, streaming each tool's output. Keeps going after a failing
 * step so one run shows everything, then prints a line per step and, last, the totals of the
 * vitest and Playwright tests as `N passed, N failed, N skipped`. Exits non-zero if any step failed.
 *
 * On Linux without a session bus (CI, SSH), the test steps run inside `dbus-run-session` with a
 * fresh, unlocked gnome-keyring, so the keychain tests use a real Secret Service. Electron, when
 * its binary is installed and there is no display, runs under `xvfb-run`.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, relative } from 'node:path'

const root = dirname(import.meta.dirname)
const reportDir = join(root, 'e2e-artifacts', 'test-reports')
const vitestReport = join(reportDir, 'vitest.json')
const playwrightReport = join(reportDir, 'playwright.json')
/** Kept for people and for CI's artifacts: open e2e-artifacts/playwright-report/index.html. */
const htmlReport = join(root, 'e2e-artifacts', 'playwright-report')

function onPath(command) {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean)
  return dirs.some((dir) => existsSync(join(dir, command)))
}

/** A package's CLI, run with this Node: no shell, no npx, the same on every OS. */
function bin(pkg, name) {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8'))
  const entry = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name]
  return [process.execPath, join(root, 'node_modules', pkg, entry)]
}

/** Same lookup as e2e/electron.spec.ts, without loading electron's index (which may download). */
function electronInstalled() {
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt')
  if (!existsSync(pathFile)) return false
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(root, 'node_modules', 'electron', 'dist')
  return existsSync(join(dist, readFileSync(pathFile, 'utf8').trim()))
}

const needsKeyring =
  process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS && onPath('dbus-run-session') && onPath('gnome-keyring-daemon')
const needsXvfb =
  process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && electronInstalled() && onPath('xvfb-run')

const keyringHomes = []

/**
 * Runs the command on its own session bus with a new keyring, unlocked with a throwaway password.
 * Each step gets a fresh data folder: a keyring left by an earlier step was created with another
 * password, and gnome-keyring would then ask for it through a prompt that cannot show.
 */
function withKeyring(command) {
  if (!needsKeyring) return { command, env: {} }
  const keyringHome = mkdtempSync(join(tmpdir(), 'test-keyring-'))
  keyringHomes.push(keyringHome)
  // The keyring lives in a temporary data folder, so no existing login keyring (and its password) is involved.
  const script =
    'printf %s "$TEST_KEYRING_PASSWORD" | XDG_DATA_HOME="$TEST_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null' +
    ' && unset TEST_KEYRING_PASSWORD TEST_KEYRING_HOME && exec "$@"'
  return {
    command: ['dbus-run-session', '--', 'sh', '-c', script, 'sh', ...command],
    env: { TEST_KEYRING_PASSWORD: randomBytes(16).toString('hex'), TEST_KEYRING_HOME: keyringHome }
  }
}

function withXvfb(command) {
  // A full-HD screen: xvfb-run's default is 640x480, smaller than the app window's minimum size.
  return needsXvfb ? ['xvfb-run', '-a', '-s', '-screen 0 1920x1080x24', ...command] : command
}

function run([command, ...args], env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
      shell: process.platform === 'win32' && command === 'npm'
    })
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

/** Vitest's JSON (Jest's format). A file that failed before running any test counts as one failure. */
function vitestCounts() {
  const report = readJson(vitestReport)
  if (report === null) return null
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0
  ).length
  const failures = (report.testResults ?? []).flatMap((file) => {
    const where = relative(process.cwd(), file.name ?? '')
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    if (file.status === 'failed' && failedTests.length === 0) return [`${where}: ${firstLine(file.message)}`]
    return failedTests.map((test) => `${where} > ${test.fullName ?? test.title}`)
  })
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures
  }
}

function firstLine(text) {
  return String(text ?? 'failed to load').split('\n')[0]
}

/** Every test Playwright counts unexpected, as `file:line › describe › title`, from its JSON suites. */
function playwrightFailures(suites, titles = []) {
  return (suites ?? []).flatMap((suite) => {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles
    const failedSpecs = (suite.specs ?? [])
      .filter((spec) => (spec.tests ?? []).some((test) => test.status === 'unexpected'))
      .map((spec) => `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`)
    return [...failedSpecs, ...playwrightFailures(suite.suites, path)]
  })
}

/** Playwright's JSON. An error outside any test (a spec that cannot load) counts as one failure. */
function playwrightCounts() {
  const report = readJson(playwrightReport)
  if (report === null || report.stats === undefined) return null
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats
  const failures = [...playwrightFailures(report.suites), ...(report.errors ?? []).map((error) => firstLine(error.message))]
  return { passed: expected + flaky, failed: unexpected + (report.errors ?? []).length, skipped, failures }
}

const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm']

const steps = [
  { name: 'typecheck', command: () => [...npm, 'run', 'typecheck'] },
  { name: 'lint', command: () => [...npm, 'run', 'lint'] },
  {
    name: 'unit and integration tests (vitest)',
    keyring: true,
    before: () => rmSync(vitestReport, { force: true }),
    command: () => [...bin('vitest', 'vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`],
    counts: vitestCounts
  },
  // The browser harness serves the built renderer and the Electron test launches the built app.
  { name: 'build (electron-vite)', command: () => [...bin('electron-vite', 'electron-vite'), 'build'] },
  {
    name: 'end-to-end tests (playwright)',
    keyring: true,
    before: () => rmSync(playwrightReport, { force: true }),
    command: () => withXvfb([...bin('@playwright/test', 'playwright'), 'test', '--reporter=list,json,html', '--pass-with-no-tests']),
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport, PLAYWRIGHT_HTML_OUTPUT_DIR: htmlReport, PLAYWRIGHT_HTML_OPEN: 'never' },
    counts: playwrightCounts
  }
]

mkdirSync(reportDir, { recursive: true })
if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS && !needsKeyring) {
  console.log('No session bus and no dbus-run-session/gnome-keyring-daemon: the keychain tests will say why they are skipped.')
}

const results = []
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`)
  step.before?.()
  const started = performance.now()
  const wrapped = step.keyring ? withKeyring(step.command()) : { command: step.command(), env: {} }
  const code = await run(wrapped.command, { ...step.env, ...wrapped.env })
  const seconds = (performance.now() - started) / 1000
  const counts = step.counts?.() ?? null
  // A test step whose report is missing did not really run, whatever its exit code says.
  const ok = code === 0 && (step.counts === undefined || counts !== null)
  results.push({ name: step.name, ok, code, seconds, counts, hasCounts: step.counts !== undefined })
}

for (const home of keyringHomes) rmSync(home, { recursive: true, force: true })

const totals = { passed: 0, failed: 0, skipped: 0 }
console.log('\n=== summary ===')
for (const result of results) {
  const status = result.ok ? 'passed' : `FAILED (exit code ${result.code})`
  let detail = ''
  if (result.counts !== null) {
    totals.passed += result.counts.passed
    totals.failed += result.counts.failed
    totals.skipped += result.counts.skipped
    detail = `: ${result.counts.passed} passed, ${result.counts.failed} failed, ${result.counts.skipped} skipped`
  } else if (result.hasCounts) {
    detail = ': no test report was written'
  }
  console.log(`${result.name}: ${status}${detail} (${result.seconds.toFixed(1)} s)`)
  // Named here too, so the end of a long log says which tests to look at.
  for (const failure of result.counts?.failures ?? []) console.log(`  failed: ${failure}`)
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exitCode = results.every((result) => result.ok) ? 0 : 1
