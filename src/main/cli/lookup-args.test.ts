import { describe, expect, it } from 'vitest'
import type { JobProgress } from '../../shared/domain/job-progress'
import { parseLookupArgs, readCommandLine, UsageError } from './lookup-args'
import { progressLine, summaryLine } from './progress-line'
import { userDataDir } from './user-data-dir'

const BASE = ['--env', 'sandbox', '--store', '1234', '--input', 'in.csv', '--output', 'out.xlsx']

function usageMessage(argv: string[]): string {
  try {
    parseLookupArgs(argv)
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as Error).message
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`)
}

describe('readCommandLine', () => {
  it('holds the command read, or the usage mistake that refused it, so the line is read once and handed on', () => {
    expect(readCommandLine(BASE)).toEqual({ ok: true, command: parseLookupArgs(BASE) })
    const refused = readCommandLine(['--env', 'moon', ...BASE.slice(2)])
    expect(refused).toMatchObject({ ok: false, error: { message: '--env moon is not an environment; use demo, sandbox or production.' } })
    expect(refused.ok ? null : refused.error).toBeInstanceOf(UsageError)
  })
})

describe('parseLookupArgs', () => {
  it('reads every flag, with gtin as the default item type and the format from the extension', () => {
    expect(parseLookupArgs(BASE)).toEqual({
      kind: 'run',
      options: {
        environment: 'sandbox',
        stores: { kind: 'list', stores: [1234] },
        input: 'in.csv',
        output: 'out.xlsx',
        format: 'xlsx',
        itemType: 'gtin',
        view: 'items',
        save: true,
        failOn: []
      }
    })
    expect(parseLookupArgs([...BASE, '--no-save'])).toMatchObject({ kind: 'run', options: { save: false } })
    const full = parseLookupArgs([
      ...BASE,
      '--item-type=wm_item_number',
      '--client-id',
      ' abc ',
      '--auth-url',
      'https://id.example.com/',
      '--base-url',
      'http://127.0.0.1:8080',
      '--view',
      'locations'
    ])
    expect(full).toMatchObject({
      kind: 'run',
      options: {
        view: 'locations',
        itemType: 'wm_item_number',
        clientId: 'abc',
        authUrl: 'https://id.example.com',
        baseUrl: 'http://127.0.0.1:8080'
      }
    })
    expect(parseLookupArgs(['--env', 'demo', '--store', '100,200-210', '--input', 'i.csv', '--output', 'o.csv'])).toMatchObject({
      options: { stores: { kind: 'list', stores: [100, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210] } }
    })
    // Spaces and a reversed range read alike, as in the Stores field.
    expect(parseLookupArgs(['--env', 'demo', '--store', '100 202-200', '--input', 'i.csv', '--output', 'o.csv'])).toMatchObject({
      options: { stores: { kind: 'list', stores: [100, 200, 201, 202] } }
    })
    expect(parseLookupArgs(['--env', 'demo', '--stores-file', 'district.csv', '--input', 'i.csv', '--output', 'o.csv'])).toMatchObject({
      options: { stores: { kind: 'file', path: 'district.csv' } }
    })
    for (const view of ['stores', 'matrix'] as const)
      expect(parseLookupArgs([...BASE, '--view', view])).toMatchObject({ options: { view } })
    expect(parseLookupArgs(['--help'])).toEqual({ kind: 'help' })
    expect(parseLookupArgs([...BASE, '-h'])).toEqual({ kind: 'help' })
  })

  it('reads --resume with an id or last, --history alone', () => {
    expect(parseLookupArgs(['--resume', '42', '--output', 'again.csv'])).toEqual({
      kind: 'resume',
      options: { resume: 42, output: 'again.csv', format: 'csv', view: 'items', failOn: [] }
    })
    expect(parseLookupArgs(['--resume', 'LAST', '--output', 'a.json', '--view', 'locations', '--client-id', 'c'])).toEqual({
      kind: 'resume',
      options: { resume: 'last', output: 'a.json', format: 'json', view: 'locations', clientId: 'c', failOn: [] }
    })
    expect(parseLookupArgs(['--history'])).toEqual({ kind: 'history' })
    expect(parseLookupArgs([...BASE, '--compare-with', 'Previous'])).toMatchObject({ kind: 'run', options: { compareWith: 'previous' } })
    expect(parseLookupArgs(['--resume', 'last', '--output', 'a.csv', '--compare-with', '7'])).toMatchObject({
      kind: 'resume',
      options: { compareWith: 7 }
    })
    expect(usageMessage([...BASE, '--compare-with', 'yesterday'])).toMatch(
      /--compare-with yesterday is not a run; give previous, or a run's ID from --history/
    )
    expect(usageMessage([...BASE, '--compare-with', 'previous', '--no-save'])).toMatch(
      /compares runs saved in History; leave out --no-save/
    )
    expect(usageMessage([...BASE, '--compare-with', 'previous', '--view', 'items'])).toMatch(/one row per value; leave out --view/)
    expect(usageMessage(['--resume', 'yesterday', '--output', 'a.csv'])).toMatch(
      /--resume yesterday is not a run; give its ID from --history, or last/
    )
    expect(usageMessage(['--resume', '42'])).toMatch(/--output is required/)
    expect(usageMessage(['--resume', '42', '--output', 'a.csv', '--input', 'in.csv'])).toMatch(/from the saved run; leave out --input/)
    expect(usageMessage(['--resume', '42', '--output', 'a.csv', '--no-save'])).toMatch(/leave out --no-save/)
    expect(usageMessage(['--history', '--env', 'demo'])).toMatch(/--history lists the saved runs and takes no other flag; leave out --env/)
  })

  it('reads --watchlists alone, --watchlist with the output flags, and --save-watchlist with a lookup', () => {
    expect(parseLookupArgs(['--watchlists'])).toEqual({ kind: 'watchlists' })
    expect(
      parseLookupArgs([
        '--watchlist',
        ' Morning check ',
        '--compare-with',
        'previous',
        '--fail-on',
        'newly-out-of-stock',
        '--output',
        'm.xlsx'
      ])
    ).toEqual({
      kind: 'watchlist',
      options: {
        watchlist: 'Morning check',
        output: 'm.xlsx',
        format: 'xlsx',
        view: 'items',
        compareWith: 'previous',
        failOn: ['newly-out-of-stock']
      }
    })
    expect(parseLookupArgs([...BASE, '--save-watchlist', 'Dairy'])).toMatchObject({
      kind: 'run',
      options: { saveWatchlist: 'Dairy', save: true }
    })
  })

  it('explains each watchlist mistake in a sentence', () => {
    expect(usageMessage(['--watchlists', '--output', 'a.csv'])).toMatch(
      /--watchlists lists the saved watchlists and takes no other flag; leave out --output/
    )
    expect(usageMessage(['--watchlist', 'M', '--env', 'demo', '--output', 'a.csv'])).toMatch(
      /--watchlist takes the environment, stores and values from the saved watchlist; leave out --env/
    )
    expect(usageMessage(['--watchlist', 'M', '--input', 'i.csv', '--output', 'a.csv'])).toMatch(/leave out --input/)
    expect(usageMessage(['--watchlist', 'M', '--save-watchlist', 'N', '--output', 'a.csv'])).toMatch(/leave out --save-watchlist/)
    expect(usageMessage(['--watchlist', 'M', '--no-save', '--output', 'a.csv'])).toMatch(/keeps its runs in History.*leave out --no-save/)
    expect(usageMessage(['--watchlist', 'M'])).toMatch(/--output is required/)
    expect(usageMessage(['--watchlist', '  ', '--output', 'a.csv'])).toMatch(/--watchlist: Give the watchlist a name\./)
    expect(usageMessage(['--watchlist', 'x'.repeat(81), '--output', 'a.csv'])).toMatch(/at most 80 characters/)
    expect(usageMessage([...BASE, '--save-watchlist', 'D', '--no-save'])).toMatch(/--save-watchlist keeps the run in History/)
    expect(usageMessage([...BASE, '--save-watchlist', ''])).toMatch(/Give the watchlist a name/)
    expect(usageMessage(['--resume', '4', '--output', 'a.csv', '--save-watchlist', 'D'])).toMatch(/leave out --save-watchlist/)
    expect(usageMessage([...BASE, '--fail-on', 'newly-out-of-stock'])).toMatch(/add --compare-with previous/)
  })

  it('explains each mistake in a sentence', () => {
    expect(usageMessage([])).toMatch(/--env is required/)
    expect(usageMessage(['--env', 'staging'])).toMatch(/staging is not an environment/)
    expect(usageMessage(['--env', 'demo', '--store', '12a'])).toMatch(/not a store number/)
    expect(usageMessage(['--env', 'demo', '--store', '0'])).toMatch(/not a store number/)
    expect(usageMessage(['--env', 'demo', '--store', '1000000'])).toMatch(/not a store number/)
    expect(usageMessage(['--env', 'demo', '--store', '100,12a,-5'])).toMatch(/--store 100,12a,-5: "12a" and "-5" are not store numbers/)
    expect(usageMessage(['--env', 'demo', '--store', '1-501'])).toMatch(/That is 501 stores; one lookup takes at most 500/)
    expect(usageMessage(['--env', 'demo', '--store', '1', '--stores-file', 'f.csv'])).toMatch(
      /--store and --stores-file both name the stores; use one of them/
    )
    expect(usageMessage(['--env', 'demo', '--input', 'i.csv'])).toMatch(/--store is required/)
    expect(usageMessage(['--resume', '42', '--output', 'a.csv', '--stores-file', 'f.csv'])).toMatch(/leave out --stores-file/)
    expect(usageMessage(['--env', 'demo', '--store', '1', '--output', 'o.csv'])).toMatch(/--input is required/)
    expect(usageMessage(['--env', 'demo', '--store', '1', '--input', 'i.csv'])).toMatch(/--output is required/)
    expect(usageMessage([...BASE, '--item-type', 'sku'])).toMatch(/gtin or wm_item_number/)
    expect(usageMessage([...BASE, '--view', 'Items'])).toMatch(/--view Items is not a view; use items, by-item, locations, stores, matrix/)
    expect(usageMessage([...BASE, '--client-id', ' '])).toMatch(/--client-id is empty/)
    expect(usageMessage([...BASE, '--auth-url', 'javascript:alert(1)'])).toMatch(/starting with https:\/\//)
    expect(usageMessage([...BASE, '--auth-url', 'http://identity.example.com'])).toMatch(
      /plain http:\/\/ is allowed only for a server on this computer/
    )
    expect(usageMessage([...BASE, '--base-url', 'https://user:pw@example.com'])).toMatch(/user name and password/)
    expect(usageMessage([...BASE, '--base-url', 'https://example.com/?q=1'])).toMatch(/no query/)
    expect(usageMessage([...BASE, '--base-url', 'not a url'])).toMatch(/full address/)
    expect(usageMessage([...BASE, '--secret', 'x'])).toMatch(/Unknown option '--secret'/)
    expect(usageMessage([...BASE, 'stray'])).toMatch(/stray/)
  })
})

describe('userDataDir', () => {
  it('shares the app folder per platform, unless STORE_INVENTORY_DATA_DIR says otherwise', () => {
    expect(userDataDir({ STORE_INVENTORY_DATA_DIR: '/tmp/x' }, 'linux', '/home/a')).toBe('/tmp/x')
    expect(userDataDir({}, 'linux', '/home/a')).toBe('/home/a/.config/Store Inventory Lookup')
    expect(userDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/a')).toBe('/cfg/Store Inventory Lookup')
    expect(userDataDir({}, 'darwin', '/Users/a')).toBe('/Users/a/Library/Application Support/Store Inventory Lookup')
  })
})

describe('progress lines', () => {
  const progress: JobProgress = {
    jobId: 'j',
    environment: 'demo',
    stores: [1],
    storesDone: 0,
    itemType: 'gtin',
    carriedColumns: [],
    startedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
    state: 'throttled',
    lines: 10,
    batchesDone: 1,
    batchesTotal: 3,
    found: 4,
    notFound: 1,
    invalid: 1,
    duplicate: 0,
    failed: 0,
    cancelled: 0,
    pending: 4,
    requests: 3,
    retries: 2,
    throttledMs: 5000,
    resumeAt: '2025-01-01T00:00:12.000Z',
    etaMs: null,
    valuesPerSecond: 1,
    resultsCount: 6
  }

  it('says where the job is, including a throttling pause', () => {
    expect(progressLine(progress, Date.parse('2025-01-01T00:00:01.500Z'))).toBe(
      'batches 1/3, found 4, not found 1, failed 0, invalid 1, pending 4, retries 2, throttled by the server, resuming in 11 s'
    )
    expect(summaryLine(progress)).toBe('10 lines: 4 found, 1 not found, 1 invalid, 0 duplicate, 0 failed, 0 cancelled')
  })

  it('say how many stores are done, and count lines x stores, when there are several stores', () => {
    const many = { ...progress, stores: [1, 2, 3], storesDone: 1 }
    expect(progressLine(many, Date.parse('2025-01-01T00:00:01.500Z'))).toMatch(/^stores done 1\/3, batches 1\/3, /)
    expect(summaryLine(many)).toBe('10 lines x 3 stores: 4 found, 1 not found, 1 invalid, 0 duplicate, 0 failed, 0 cancelled')
  })
})
