import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, writeFileSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../demo-api/demo-api'
import { testDemoApi } from '../http/test-support/loopback-servers'
import { validGtins } from '../jobs/test-support/gtin-fixtures'
import { parseDelimited } from '../files/import/delimited-parser'
import { COMPILE_CACHE_FOLDER } from './compile-cache'
import { nodeIsNewEnough, nodeVersionProblem } from './node-version'
import { heldSearchesProxy } from './test-support/held-searches-proxy'
import { packAndInstall, pathWith, run, type Finished } from './test-support/installed-command'
import { outputValidator } from './test-support/output-validator'

/**
 * The command as people get it: this checkout packed with `npm pack`, installed with `npm install
 * -g` into a prefix of its own (offline, from an empty npm cache), and run by name from another
 * folder with relative paths, against the built-in Demo API or a loopback copy of it.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..')
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
const OLD_NODE = '/usr/bin/node'
const GTINS = ['00012345678905', '00614141000036', '04006381333931']
/** Some tests run several lookups, each a Node process with its threads: on a busy 2-core machine one took 26 s. */
const LOOKUP_TEST_MS = 90_000

let dir: string
let work: string
let binDir: string
let bin: string
let dataDir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'installed-command-'))
  work = join(dir, 'work')
  dataDir = join(dir, 'data')
  await mkdir(join(work, 'results'), { recursive: true })
  await writeFile(join(work, 'items.csv'), `Name,GTIN\n${GTINS.map((gtin, i) => `Item ${i},${gtin}`).join('\n')}\n`)
  await writeFile(join(work, 'client-secret'), `${DEMO_CREDENTIALS.clientSecret}\n`, { mode: 0o600 })
  await chmod(join(work, 'client-secret'), 0o600)
  ;({ bin, binDir } = await packAndInstall(dir))
}, 600_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function commandEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: pathWith(binDir),
    STORE_INVENTORY_DATA_DIR: dataDir,
    INVENTORY_CLIENT_SECRET: '',
    INVENTORY_CLIENT_SECRET_FILE: '',
    ...env
  }
}

/** `inventory-lookup ARGS` typed in the folder `work`, found on PATH. */
function inventoryLookup(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return run('inventory-lookup', args, { cwd: work, env: commandEnv(env) })
}

const sandboxFlags = (url: string) => ['--env', 'sandbox', '--client-id', DEMO_CREDENTIALS.clientId, '--auth-url', url, '--base-url', url]

async function csvRows(path: string): Promise<Record<string, string>[]> {
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n$/, '')
  const [header, ...records] = parseDelimited(text, ',')
  const labels = header?.cells ?? []
  return records.map((record) => Object.fromEntries(labels.map((label, i) => [label, record.cells[i] ?? ''])))
}

describe.skipIf(process.platform === 'win32')(
  'the installed inventory-lookup command (POSIX: npm links bin there, Windows gets a .cmd shim)',
  { timeout: LOOKUP_TEST_MS },
  () => {
    it('is on PATH, says its version and its flags', async () => {
      const version = await inventoryLookup(['--version'])
      expect(version).toMatchObject({ code: 0, stdout: `inventory-lookup ${manifest.version}\n`, stderr: '' })
      const help = await inventoryLookup(['--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toMatch(/^Usage: inventory-lookup --env demo\|sandbox\|production --store LIST/)
    })

    it('looks up in Demo from another folder, with the input and output relative to it', async () => {
      const looked = await inventoryLookup(['--env', 'demo', '--store', '100', '--input', 'items.csv', '--output', 'results/items.csv'])
      expect(looked.stderr).toContain('Reading 3 values from "GTIN" in items.csv')
      expect(looked.stderr).toContain('Wrote 3 rows to results/items.csv.')
      expect(looked.code).toBe(0)
      const rows = await csvRows(join(work, 'results', 'items.csv'))
      expect(rows.map((row) => [row['Item name'], row.GTIN])).toEqual(GTINS.map((gtin, i) => [`Item ${i}`, gtin]))
    })

    it("keeps its compile cache in the data folder, private, for main's thread and the threads it starts, and runs the same with it spoilt or blocked", async () => {
      const cacheData = join(dir, 'cache-data')
      const lookUp = () =>
        inventoryLookup(['--env', 'demo', '--store', '100', '--input', 'items.csv', '--output', 'results/cached.csv'], {
          STORE_INVENTORY_DATA_DIR: cacheData
        })
      const expected = GTINS.map((gtin, i) => [`Item ${i}`, gtin])
      const written = async () => (await csvRows(join(work, 'results', 'cached.csv'))).map((row) => [row['Item name'], row.GTIN])

      expect((await lookUp()).code).toBe(0)
      const cache = join(cacheData, COMPILE_CACHE_FOLDER)
      expect(statSync(cache).mode & 0o777).toBe(0o700)
      // Node keeps one folder per set of V8 flags: main's thread's, and the threads' (started with a smaller young generation).
      const kept = readdirSync(cache)
      expect(kept.length).toBeGreaterThanOrEqual(2)
      expect(await written()).toEqual(expected)

      // Entries that are not what Node wrote (another build's, or spoilt) are not used.
      for (const folder of kept) for (const entry of readdirSync(join(cache, folder))) writeFileSync(join(cache, folder, entry), 'spoilt')
      const spoilt = await lookUp()
      expect(spoilt.code, spoilt.stderr).toBe(0)
      expect(await written()).toEqual(expected)

      await rm(cache, { recursive: true })
      writeFileSync(cache, 'not a folder')
      const blocked = await lookUp()
      expect(blocked.code, blocked.stderr).toBe(0)
      expect(await written()).toEqual(expected)
    })

    it('writes one JSON document the schema accepts, and NDJSON to standard output with every message on standard error', async () => {
      const validator = outputValidator()
      const looked = await inventoryLookup([
        '--env',
        'demo',
        '--store',
        '100,101',
        '--input',
        'items.csv',
        '--output',
        'results/items.json'
      ])
      expect(looked.code, looked.stderr).toBe(0)
      const document = JSON.parse(await readFile(join(work, 'results', 'items.json'), 'utf8')) as unknown
      expect(validator.document(document)).toEqual([])
      expect(document).toMatchObject({ schemaVersion: 1, view: 'items', run: { environment: 'demo', stores: [100, 101] } })

      const streamed = await inventoryLookup([
        '--env',
        'demo',
        '--store',
        '100,101',
        '--input',
        'items.csv',
        '--output',
        '-',
        '--format',
        'ndjson'
      ])
      expect(streamed.code, streamed.stderr).toBe(0)
      const lines = streamed.stdout.trimEnd().split('\n')
      expect(lines).toHaveLength(GTINS.length * 2)
      for (const line of lines) expect(validator.row('items', JSON.parse(line))).toEqual([])
      expect(streamed.stderr).toContain(`Wrote ${GTINS.length * 2} rows to standard output.`)
    })

    it('--fail-on out-of-stock exits 3 when the rows written have some, and 0 otherwise', async () => {
      const values = Array.from({ length: 300 }, (_, i) => String(10_000_000 + i * 37))
      await writeFile(join(work, 'numbers.txt'), values.join('\n'))
      const args = ['--env', 'demo', '--store', '100', '--item-type', 'wm_item_number', '--input', 'numbers.txt', '--no-save']
      const day = { STORE_INVENTORY_DEMO_DATE: '2025-03-03' }
      const rows = await inventoryLookup([...args, '--output', '-', '--format', 'ndjson'], day)
      const outOfStock = rows.stdout
        .trimEnd()
        .split('\n')
        .filter((line) => (JSON.parse(line) as { status: string }).status === 'out_of_stock').length
      expect(outOfStock, 'the Demo has items out of stock in store 100 that day').toBeGreaterThan(0)
      const alerted = await inventoryLookup([...args, '--output', 'results/alert.csv', '--fail-on', 'out-of-stock'], day)
      expect(alerted.stderr).toContain(`--fail-on: ${outOfStock} out of stock; exit status 3.`)
      expect(alerted.code).toBe(3)
      const quiet = await inventoryLookup([...args, '--output', 'results/quiet.csv', '--fail-on', 'failed'], day)
      expect(quiet.code, quiet.stderr).toBe(0)
    })

    it.skipIf(!existsSync(OLD_NODE) || nodeIsNewEnough(spawnSync(OLD_NODE, ['-p', 'process.versions.node']).stdout.toString().trim()))(
      'started on a Node without node:sqlite, says which Node it needs in one sentence (skipped when /usr/bin/node is new enough or absent)',
      async () => {
        const old = spawnSync(OLD_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
        const started = await run(OLD_NODE, [bin, '--version'], { cwd: work, env: commandEnv({}) })
        expect(started).toMatchObject({ code: 2, stdout: '', stderr: nodeVersionProblem('inventory-lookup', old) })
      }
    )

    it('refuses a secret file other users can read, saying how to fix it, and uses it once it is private', async () => {
      await chmod(join(work, 'client-secret'), 0o644)
      const demo = await testDemoApi()
      const args = [...sandboxFlags(demo.url), '--store', '5', '--input', 'items.csv', '--output', 'results/sandbox.csv']
      const refused = await inventoryLookup(args, { INVENTORY_CLIENT_SECRET_FILE: 'client-secret' })
      expect(refused).toMatchObject({
        code: 2,
        stderr:
          'Error: INVENTORY_CLIENT_SECRET_FILE client-secret can be read by other users (its permissions are 644); make it readable by its owner only (chmod 600 client-secret) and run again.\n'
      })
      expect(existsSync(join(work, 'results', 'sandbox.csv'))).toBe(false)

      await chmod(join(work, 'client-secret'), 0o600)
      const accepted = await inventoryLookup(args, { INVENTORY_CLIENT_SECRET_FILE: 'client-secret' })
      expect(accepted.code, accepted.stderr).toBe(0)
      expect(await csvRows(join(work, 'results', 'sandbox.csv'))).toHaveLength(3)
      expect(accepted.stderr).not.toContain(DEMO_CREDENTIALS.clientSecret)
    })

    it('stops on SIGTERM as one process, writes what arrived, leaves the lookup interrupted, and --resume last finishes it', async () => {
      const values = validGtins(1_000)
      await writeFile(join(work, 'many.txt'), values.join('\n'))
      const demo = await testDemoApi()
      const proxy = await heldSearchesProxy(demo.url, 3)
      const env = commandEnv({ INVENTORY_CLIENT_SECRET_FILE: 'client-secret' })
      const child = spawn(
        'inventory-lookup',
        [...sandboxFlags(proxy.url), '--store', '7', '--input', 'many.txt', '--output', 'first.csv'],
        {
          cwd: work,
          env,
          stdio: ['ignore', 'pipe', 'pipe']
        }
      )
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
      await proxy.holding
      if (process.platform === 'linux') {
        // The process started is the one doing the work: node itself, not npm, a shell or tsx.
        expect(readlinkSync(`/proc/${child.pid}/exe`)).toBe(realpathSync(process.execPath))
      }
      child.kill('SIGTERM')
      expect(await exited, stderr).toBe(1)
      const id = /\(run (\d+) in History\)/.exec(stderr)?.[1]
      expect(stderr).toContain(`Stopping: what arrived is written, and the rest can be looked up later with --resume ${id}.`)
      const first = await csvRows(join(work, 'first.csv'))
      expect(first).toHaveLength(values.length)
      const cancelled = first.filter((row) => row['Stock status'] === 'Cancelled').length
      expect(cancelled).toBeGreaterThan(0)
      expect(stderr).toContain(`${cancelled} values were not looked up: finish them with --resume ${id}.`)

      const listed = await inventoryLookup(['--history'])
      expect(listed.stdout).toMatch(new RegExp(`^ *${id} .* Sandbox +7 +${values.length} .* interrupted +command$`, 'm'))

      proxy.release()
      const resumed = await inventoryLookup([...sandboxFlags(proxy.url).slice(2), '--resume', 'last', '--output', 'all.csv'], {
        INVENTORY_CLIENT_SECRET_FILE: 'client-secret'
      })
      expect(resumed.stderr).toContain(`Resuming run ${id} in Sandbox, store 7: ${cancelled} values to look up.`)
      expect(resumed.code, resumed.stderr).toBe(0)
      const all = await csvRows(join(work, 'all.csv'))
      expect(all.map((row) => row.Input)).toEqual(values)
      expect(all.filter((row) => row['Stock status'] === 'Cancelled')).toEqual([])
    })

    it.each([
      { signal: 'SIGINT', sender: 'Ctrl+C' },
      { signal: 'SIGHUP', sender: 'a closed SSH session' }
    ] as const)(
      '$signal ($sender) stops it the same way: what arrived written, the lookup interrupted, exit status 1',
      async ({ signal }) => {
        const values = validGtins(1_000)
        await writeFile(join(work, `${signal}.txt`), values.join('\n'))
        const demo = await testDemoApi()
        const proxy = await heldSearchesProxy(demo.url, 3)
        const child = spawn(
          'inventory-lookup',
          [...sandboxFlags(proxy.url), '--store', '8', '--input', `${signal}.txt`, '--output', `${signal}.csv`],
          { cwd: work, env: commandEnv({ INVENTORY_CLIENT_SECRET_FILE: 'client-secret' }), stdio: ['ignore', 'pipe', 'pipe'] }
        )
        let stderr = ''
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (...end) => resolve(end)))
        await proxy.holding
        child.kill(signal)
        expect(await exited, stderr).toEqual([1, null])
        const id = /\(run (\d+) in History\)/.exec(stderr)?.[1]
        expect(stderr).toContain(`Stopping: what arrived is written, and the rest can be looked up later with --resume ${id}.`)
        const rows = await csvRows(join(work, `${signal}.csv`))
        expect(rows.map((row) => row.Input)).toEqual(values)
        expect(rows.filter((row) => row['Stock status'] === 'Cancelled').length).toBeGreaterThan(0)
        const listed = await inventoryLookup(['--history'])
        expect(listed.stdout).toMatch(new RegExp(`^ *${id} .* Sandbox +8 +${values.length} .* interrupted +command$`, 'm'))
      }
    )
  }
)
