import { parseArgs } from 'node:util'
import { hostUrlProblem } from '../../shared/host-url'
import { environmentIdSchema, itemTypeSchema, type EnvironmentId, type ItemType } from '../../shared/domain/item-type'
import { parseStoreList } from '../../shared/domain/store-list'
import { watchlistNameSchema } from '../../shared/watchlists/watchlist'
import { LOOKUP_VIEWS, type LookupView } from '../../shared/views/lookup-views'
import { lookupIdOf, NO_LOOKUP } from '../history/lookup-id'
import { parseFailOn, type FailOn } from './fail-on'
import { chooseOutputFormat, type OutputFormat } from './output-format'

/** Where and how the results are written, and which hosts and client ID to use instead of the settings'. */
export interface OutputOptions {
  /** A path, or `-` for standard output. */
  output: string
  format: OutputFormat
  view: LookupView
  /** Write the comparison with this run instead of the results. */
  compareWith?: 'previous' | number
  /** Conditions that make the exit status 3. */
  failOn: FailOn[]
  clientId?: string
  authUrl?: string
  baseUrl?: string
}

/** The stores as listed with `--store`, or the file `--stores-file` names (read with the values). */
export type StoresOption = { kind: 'list'; stores: number[] } | { kind: 'file'; path: string }

export interface LookupOptions extends OutputOptions {
  environment: EnvironmentId
  stores: StoresOption
  input: string
  itemType: ItemType
  /** Keep the run in History (the default; `--no-save` turns it off). */
  save: boolean
  /** `--save-watchlist NAME`: keep the list and stores as a watchlist of that name, and run it as that watchlist. */
  saveWatchlist?: string
}

/** `--watchlist NAME`: a saved watchlist's values, stores, environment and item type, run as the app's Run now does. */
export interface WatchlistOptions extends OutputOptions {
  watchlist: string
}

export interface ResumeOptions extends OutputOptions {
  /** A History id, or the latest cancelled or interrupted run. */
  resume: number | 'last'
}

export type ParsedCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'history' }
  | { kind: 'watchlists' }
  | { kind: 'watchlist'; options: WatchlistOptions }
  | { kind: 'run'; options: LookupOptions }
  | { kind: 'resume'; options: ResumeOptions }

/** A mistake in the command line itself: exit 2 with the message and the usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/**
 * The command line read once: the command, or what refused it (a `UsageError`, said with the usage). The
 * command's thread reads it before the lookup's code loads, to start the Demo early, and hands it on.
 */
export type CommandLine = { ok: true; command: ParsedCommand } | { ok: false; error: unknown }

export function readCommandLine(argv: readonly string[]): CommandLine {
  try {
    return { ok: true, command: parseLookupArgs(argv) }
  } catch (error) {
    return { ok: false, error }
  }
}

export function parseLookupArgs(argv: readonly string[]): ParsedCommand {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        env: { type: 'string' },
        store: { type: 'string' },
        'stores-file': { type: 'string' },
        input: { type: 'string' },
        output: { type: 'string' },
        format: { type: 'string' },
        'fail-on': { type: 'string', multiple: true },
        'item-type': { type: 'string' },
        view: { type: 'string' },
        'client-id': { type: 'string' },
        'auth-url': { type: 'string' },
        'base-url': { type: 'string' },
        'no-save': { type: 'boolean' },
        resume: { type: 'string' },
        'compare-with': { type: 'string' },
        history: { type: 'boolean' },
        watchlists: { type: 'boolean' },
        watchlist: { type: 'string' },
        'save-watchlist': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' }
      }
    }))
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (values.help === true) return { kind: 'help' }
  if (values.version === true) return { kind: 'version' }
  if (values.history === true) {
    const others = Object.keys(values).filter((name) => name !== 'history')
    if (others.length > 0) throw new UsageError(`--history lists the saved runs and takes no other flag; leave out --${others[0] ?? ''}.`)
    return { kind: 'history' }
  }
  if (values.watchlists === true) {
    const others = Object.keys(values).filter((name) => name !== 'watchlists')
    if (others.length > 0)
      throw new UsageError(`--watchlists lists the saved watchlists and takes no other flag; leave out --${others[0] ?? ''}.`)
    return { kind: 'watchlists' }
  }
  if (values.watchlist !== undefined) {
    for (const name of ['env', 'store', 'stores-file', 'input', 'item-type', 'resume', 'save-watchlist'] as const) {
      if (values[name] !== undefined)
        throw new UsageError(`--watchlist takes the environment, stores and values from the saved watchlist; leave out --${name}.`)
    }
    if (values['no-save'] === true)
      throw new UsageError('--watchlist keeps its runs in History so the next one can compare with them; leave out --no-save.')
    return { kind: 'watchlist', options: { watchlist: watchlistName('--watchlist', values.watchlist), ...outputOptions(values) } }
  }
  if (values.resume !== undefined) {
    for (const name of ['env', 'store', 'stores-file', 'input', 'item-type', 'no-save', 'save-watchlist'] as const) {
      if (values[name] !== undefined)
        throw new UsageError(`--resume takes the environment, store and values from the saved run; leave out --${name}.`)
    }
    const text = values.resume.trim().toLowerCase()
    if (text !== 'last' && lookupIdOf(text) === NO_LOOKUP)
      throw new UsageError(`--resume ${values.resume} is not a run; give its ID from --history, or last.`)
    return { kind: 'resume', options: { resume: text === 'last' ? 'last' : Number(text), ...outputOptions(values) } }
  }

  const environment = environmentIdSchema.safeParse(values.env)
  if (values.env === undefined) throw new UsageError('--env is required: demo, sandbox or production.')
  if (!environment.success) throw new UsageError(`--env ${values.env} is not an environment; use demo, sandbox or production.`)

  const stores = storesOption(values.store, values['stores-file'])

  const itemType = itemTypeSchema.safeParse(values['item-type'] ?? 'gtin')
  if (!itemType.success) throw new UsageError(`--item-type ${values['item-type'] ?? ''} is not known; use gtin or wm_item_number.`)

  const input = required(values.input, '--input is required: the file with the values to look up.')
  const options: LookupOptions = {
    environment: environment.data,
    stores,
    input,
    itemType: itemType.data,
    save: values['no-save'] !== true,
    ...outputOptions(values)
  }
  if (!options.save && options.compareWith !== undefined)
    throw new UsageError('--compare-with compares runs saved in History; leave out --no-save.')
  if (values['save-watchlist'] !== undefined) {
    if (!options.save) throw new UsageError("--save-watchlist keeps the run in History as the watchlist's first; leave out --no-save.")
    options.saveWatchlist = watchlistName('--save-watchlist', values['save-watchlist'])
  }
  return { kind: 'run', options }
}

function storesOption(list: string | undefined, file: string | undefined): StoresOption {
  if (list !== undefined && file !== undefined) throw new UsageError('--store and --stores-file both name the stores; use one of them.')
  if (file !== undefined) return { kind: 'file', path: required(file, '--stores-file is empty; give the file with the store numbers.') }
  if (list === undefined)
    throw new UsageError('--store is required: the store number, or several such as --store 100,200-210 (or --stores-file FILE).')
  const check = parseStoreList(list)
  if (!check.ok) throw new UsageError(`--store ${list.slice(0, 200)}: ${check.message}`)
  return { kind: 'list', stores: check.stores }
}

function outputOptions(values: {
  output?: string | undefined
  format?: string | undefined
  'fail-on'?: string[] | undefined
  view?: string | undefined
  'compare-with'?: string | undefined
  'client-id'?: string | undefined
  'auth-url'?: string | undefined
  'base-url'?: string | undefined
}): OutputOptions {
  const view = LOOKUP_VIEWS.find((name) => name === (values.view ?? 'items'))
  if (view === undefined) throw new UsageError(`--view ${values.view ?? ''} is not a view; use ${LOOKUP_VIEWS.join(', ')}.`)
  const output = required(
    values.output,
    '--output is required: where to write the results (.json, .ndjson, .csv or .xlsx), or - for standard output.'
  )
  const chosen = chooseOutputFormat(output, values.format)
  if ('problem' in chosen) throw new UsageError(chosen.problem)
  const options: OutputOptions = { output, format: chosen.format, view, failOn: [] }
  const compareWith = values['compare-with']?.trim().toLowerCase()
  if (compareWith !== undefined) {
    if (compareWith !== 'previous' && lookupIdOf(compareWith) === NO_LOOKUP) {
      throw new UsageError(`--compare-with ${values['compare-with'] ?? ''} is not a run; give previous, or a run's ID from --history.`)
    }
    if (values.view !== undefined) throw new UsageError('--compare-with writes one row per value; leave out --view.')
    options.compareWith = compareWith === 'previous' ? 'previous' : Number(compareWith)
  }
  const failOn = parseFailOn(values['fail-on'] ?? [], options.compareWith !== undefined)
  if ('problem' in failOn) throw new UsageError(failOn.problem)
  options.failOn = failOn.failOn
  const clientId = values['client-id']
  if (clientId !== undefined) {
    if (clientId.trim() === '') throw new UsageError('--client-id is empty; give the client ID or leave the flag out.')
    options.clientId = clientId.trim()
  }
  if (values['auth-url'] !== undefined) options.authUrl = httpUrl('--auth-url', values['auth-url'])
  if (values['base-url'] !== undefined) options.baseUrl = httpUrl('--base-url', values['base-url'])
  return options
}

/** A watchlist's name as given, by the app's rule for names. */
function watchlistName(flag: string, value: string): string {
  const name = watchlistNameSchema.safeParse(value)
  if (!name.success) throw new UsageError(`${flag}: ${name.error.issues[0]?.message ?? 'that is not a watchlist name.'}`)
  return name.data
}

function required(value: string | undefined, message: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(message)
  return value
}

/** A host to send requests to, by the same rules as Settings; without a trailing slash so paths join cleanly. */
function httpUrl(flag: string, value: string): string {
  const problem = hostUrlProblem(value)
  if (problem !== null) throw new UsageError(`${flag} ${value.slice(0, 200)}: ${problem}`)
  return value.trim().replace(/\/+$/, '')
}
