import { readFile, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { MAX_IMPORT_BYTES } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { EnvironmentId } from '../../shared/domain/item-type'
import type { JobProgress } from '../../shared/domain/job-progress'
import { ENVIRONMENT_LABELS } from '../../shared/environments'
import { suggestItemNameColumn } from '../../shared/items/item-name-column'
import { linesOfColumn, type InputLine } from '../../shared/import-lines'
import { multiLineNote, unclosedQuoteWarning } from '../../shared/import-notes'
import { packInputColumn } from '../../shared/input-column'
import { MAX_IMPORT_MB, MAX_INPUT_CHARS } from '../../shared/limits'
import type { ImportSource } from '../../shared/contract'
import type { AppServices, RunningServices } from '../app-services'
import type { TargetOverrides } from '../credentials/target-resolver'
import { demoDateFromEnv } from '../demo-api/demo-date'
import { createLogger, type Logger } from '../logging/logger'
import { createRedactor } from '../security/redactor'
import type { OutputPlace } from './write-output'
import { versionLine } from './quick-answer'
import { clientSecretFromEnvironment } from './client-secret-env'
import { historyTable } from './history-table'
import { formatStoreList, parseStoreEntries } from '../../shared/domain/store-list'
import { storeColumnOf, storeEntriesOfCells } from '../../shared/domain/store-column'
import { USAGE } from './usage'
import {
  readCommandLine,
  UsageError,
  type CommandLine,
  type LookupOptions,
  type OutputOptions,
  type ParsedCommand,
  type StoresOption
} from './lookup-args'
import type { LookupIo } from './lookup-io'
import { resumeRun } from './resume-run'
import { userDataDir } from './user-data-dir'
import { watchRun } from './watch-run'
import { findWatchlist, saveCommandWatchlist, watchlistsTable } from './watchlist-commands'
import { EXIT_OK, EXIT_USAGE, writeRun } from './write-run'

export { EXIT_INCOMPLETE, EXIT_OK, EXIT_USAGE } from './write-run'

/** `--history` shows this many runs, newest first. */
const HISTORY_LISTED = 50

/**
 * The headless lookup: the same services as the app (the composition root, from `io`), with the
 * terminal as its window. Resolves to the exit status instead of exiting, so tests can call it.
 */
export function runLookup(argv: readonly string[], io: LookupIo): Promise<number> {
  return runCommandLine(readCommandLine(argv), io)
}

/** `runLookup` of a command line already read (the command's thread reads it to start the Demo early). */
export async function runCommandLine(line: CommandLine, io: LookupIo): Promise<number> {
  const fromVariable = io.env.INVENTORY_CLIENT_SECRET ?? ''
  // Everything the command prints or writes passes through the same redactor as the app's IPC replies.
  const redactor = createRedactor(fromVariable === '' ? [] : [fromVariable])
  const stderr = (text: string) => io.stderr(redactor.text(text))
  const say = (text: string) => stderr(`${text}\n`)

  if (!line.ok) {
    if (!(line.error instanceof UsageError)) throw line.error
    say(`Error: ${line.error.message}\n\n${USAGE}`)
    return EXIT_USAGE
  }
  if (line.command.kind === 'help') {
    io.stdout(redactor.text(`${USAGE}\n`))
    return EXIT_OK
  }
  if (line.command.kind === 'version') {
    io.stdout(versionLine())
    return EXIT_OK
  }
  const command: Exclude<ParsedCommand, { kind: 'help' } | { kind: 'version' }> = line.command

  let hidden: string | null = null
  // Listing History or the watchlists looks nothing up and writes no file.
  const writing = command.kind === 'history' || command.kind === 'watchlists' ? null : command
  if (writing !== null) {
    const secret = await clientSecretFromEnvironment(io.env)
    if (!secret.ok) {
      say(`Error: ${secret.message}`)
      return EXIT_USAGE
    }
    if (secret.secret !== null) redactor.remember(secret.secret)
    hidden = secret.secret
    if (!(await outputFolderExists(writing.options.output))) {
      say(`Error: the folder for --output ${writing.options.output} does not exist; create it or choose another path.`)
      return EXIT_USAGE
    }
  }

  const demoDate = demoDateFromEnv(io.env)
  if (!demoDate.ok) {
    say(`Error: ${demoDate.message}`)
    return EXIT_USAGE
  }

  const base = createLogger((line) => stderr(`${line}\n`), redactor)
  // The terminal is for the user: warnings and errors only, not the service chatter.
  const log: Logger = { ...base, info: () => undefined }

  let out: OutputPlace
  let running: RunningServices
  try {
    out = { stdout: io.writeStdout ?? (async (chunk) => io.stdout(chunkText(chunk))), dataDir: userDataDir(io.env) }
    running = await io.startServices({
      fetch: io.fetch,
      ...(io.searchHttp === undefined ? {} : { searchHttp: io.searchHttp }),
      ...(io.mainHttp === undefined ? {} : { mainHttp: io.mainHttp }),
      now: io.now,
      secretStore: io.secretStore(log),
      userDataDir: out.dataDir,
      ...io.threads,
      ...(io.earlyDemoApi === undefined ? {} : { earlyDemoApi: io.earlyDemoApi }),
      settingsReadOnly: true,
      log,
      chooseExportPath: async () => null,
      openExternal: async () => undefined,
      source: 'cli',
      ...(demoDate.day === null ? {} : { demoDay: demoDate.day }),
      history: command.kind === 'run' && !command.options.save ? 'memory' : 'file'
    })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    say(`Error: ${error.message}`)
    return EXIT_USAGE
  }
  const { services } = running
  const warning = services.startupWarning()
  if (warning !== null) say(`Warning: ${warning}`)
  try {
    switch (command.kind) {
      case 'history': {
        const runs = services.history.list({ limit: HISTORY_LISTED })
        io.stdout(runs.length === 0 ? 'No runs are saved in History yet.\n' : `${redactor.text(historyTable(runs))}\n`)
        return EXIT_OK
      }
      case 'watchlists': {
        const list = await services.watchlists.list()
        io.stdout(list.length === 0 ? 'No watchlists are saved yet.\n' : `${redactor.text(watchlistsTable(list))}\n`)
        return EXIT_OK
      }
      case 'watchlist': {
        const watchlist = await findWatchlist(services, command.options.watchlist, say)
        if (watchlist === null) return EXIT_USAGE
        if (watchlist.environment === 'demo') services.demoApi().catch(() => undefined)
        const what = `the watchlist "${watchlist.name}" (${watchlist.items} values)`
        const start = () => services.watchlists.run(watchlist.id, targetOverrides(command.options, hidden))
        return await follow(services, start, what, watchlist.environment, command.options, io, say, out)
      }
      case 'resume':
        return await resumeRun(services, command.options, targetOverrides(command.options, hidden), io, say, out)
      case 'run': {
        // A Demo lookup needs the Demo API's thread: it starts while the input is read rather than after,
        // and a start that fails is tried again, and said, by the lookup's own start.
        if (command.options.environment === 'demo') services.demoApi().catch(() => undefined)
        const stores = await readStores(services, command.options.stores, say)
        if (stores === null) return EXIT_USAGE
        const lines = await readLines(services, command.options, say)
        if (lines === null) return EXIT_USAGE
        return await lookUp(services, command.options, stores, lines, hidden, io, say, out)
      }
    }
  } finally {
    await running.close()
  }
}

function chunkText(chunk: string | Uint8Array): string {
  return typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1')
}

function targetOverrides(options: OutputOptions, secret: string | null): TargetOverrides {
  const overrides: TargetOverrides = {}
  if (options.clientId !== undefined) overrides.clientId = options.clientId
  if (secret !== null) overrides.clientSecret = secret
  if (options.authUrl !== undefined) overrides.authUrl = options.authUrl
  if (options.baseUrl !== undefined) overrides.baseUrl = options.baseUrl
  return overrides
}

interface InputLines {
  values: InputLine[]
  source: ImportSource
}

/** The stores of `--store`, or those of the column of `--stores-file` that reads as store numbers; null (said why) when they cannot be used. */
async function readStores({ imports }: AppServices, option: StoresOption, say: (text: string) => void): Promise<number[] | null> {
  if (option.kind === 'list') return option.stores
  const bytes = await readInputFile('--stores-file', option.path, say)
  if (bytes === null) return null
  try {
    const summary = await imports.read({ fileName: option.path, bytes })
    const source = { importId: summary.importId, column: storeColumnOf(summary) }
    const column = await imports.column(source)
    const name = summary.columns[source.column]?.name ?? `column ${source.column + 1}`
    const check = parseStoreEntries(storeEntriesOfCells(linesOfColumn(column).map((cell) => cell.input)))
    if (!check.ok) {
      say(`Error: --stores-file ${option.path}, column "${name}": ${check.message}`)
      return null
    }
    say(
      `Reading ${check.stores.length} ${check.stores.length === 1 ? 'store' : 'stores'} from "${name}" in ${option.path}.${check.message === null ? '' : ` ${check.message}`}`
    )
    return check.stores
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    say(`Error: --stores-file ${option.path}: ${error.message}`)
    return null
  }
}

/** A file named on the command line, checked for size before it is read; null (said why) when it cannot be read. */
async function readInputFile(flag: string, path: string, say: (text: string) => void): Promise<Uint8Array | null> {
  try {
    const info = await stat(path)
    if (!info.isFile()) {
      say(`Error: ${flag} ${path} is not a file.`)
      return null
    }
    if (info.size > MAX_IMPORT_BYTES) {
      say(`Error: ${flag} ${path} is larger than ${MAX_IMPORT_MB} MB; split it into smaller files.`)
      return null
    }
    return await readFile(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    say(
      code === 'ENOENT'
        ? `Error: ${flag} ${path} does not exist; check the path.`
        : `Error: ${flag} ${path} could not be read (${code ?? 'unknown error'}); check the path and its permissions.`
    )
    return null
  }
}

/** Reads the input as the app does (same worker, same limits); the column is the one the app would suggest. */
async function readLines({ imports }: AppServices, options: LookupOptions, say: (text: string) => void): Promise<InputLines | null> {
  const bytes = await readInputFile('--input', options.input, say)
  if (bytes === null) return null
  try {
    const summary = await imports.read({ fileName: options.input, bytes })
    const lookupColumn = summary.suggestedColumn
    // The item names too, as the window suggests them: the output then has Item name, and the catalogue learns it.
    const source = { importId: summary.importId, column: lookupColumn, nameColumn: suggestItemNameColumn(summary.columns, lookupColumn) }
    const column = await imports.column(source)
    const name = summary.columns[source.column]?.name ?? `column ${source.column + 1}`
    // A job takes values of at most 200 characters; a longer cell is no GTIN or item number and ends invalid.
    const values = linesOfColumn(column).map((value) => ({ ...value, input: value.input.slice(0, MAX_INPUT_CHARS) }))
    if (values.length === 0) {
      say(`Error: the column "${name}" of ${options.input} has no values; check that the file lists the values to look up.`)
      return null
    }
    const skipped = skippedRows(summary.blankRows.count, column.emptyRows.count, name)
    say(
      `Reading ${values.length} values from "${name}" in ${options.input} (${summary.format}${summary.encoding === null ? '' : `, ${summary.encoding}`})${skipped}.`
    )
    const quotes = unclosedQuoteWarning(summary)
    if (quotes !== null) say(`Warning: ${quotes}`)
    const multiLine = multiLineNote(summary)
    if (multiLine !== null) say(multiLine)
    return { values, source }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    say(`Error: ${error.message}`)
    return null
  }
}

function skippedRows(blank: number, empty: number, column: string): string {
  const parts: string[] = []
  if (blank > 0) parts.push(`${blank} blank ${blank === 1 ? 'row' : 'rows'}`)
  if (empty > 0) parts.push(`${empty} ${empty === 1 ? 'row' : 'rows'} without a value in "${column}"`)
  return parts.length === 0 ? '' : `; skipped ${parts.join(' and ')}`
}

async function outputFolderExists(output: string): Promise<boolean> {
  try {
    return (await stat(dirname(resolve(output)))).isDirectory()
  } catch {
    return false
  }
}

async function lookUp(
  services: AppServices,
  options: LookupOptions,
  stores: number[],
  lines: InputLines,
  secret: string | null,
  io: LookupIo,
  say: (text: string) => void,
  out: OutputPlace
): Promise<number> {
  const overrides = targetOverrides(options, secret)
  const name = options.saveWatchlist
  if (name !== undefined) {
    const { environment, itemType } = options
    const saved = await saveCommandWatchlist(
      services,
      { name, environment, itemType, stores, lines: lines.values, source: lines.source },
      say
    )
    if (saved === null) return EXIT_USAGE
    const start = () => services.watchlists.run(saved.id, overrides)
    return follow(services, start, `the watchlist "${saved.name}"`, environment, options, io, say, out)
  }
  const start = () =>
    services.lookups.start({
      environment: options.environment,
      stores,
      itemType: options.itemType,
      lines: packInputColumn(lines.values),
      source: lines.source,
      overrides
    })
  return follow(services, start, null, options.environment, options, io, say, out, options.save)
}

/** Starts the run, says where it looks, follows it to its end and writes it. `what` names a watchlist run. */
async function follow(
  services: AppServices,
  start: () => Promise<JobProgress>,
  what: string | null,
  environment: EnvironmentId,
  options: OutputOptions,
  io: LookupIo,
  say: (text: string) => void,
  out: OutputPlace,
  save = true
): Promise<number> {
  let started: JobProgress
  try {
    started = await start()
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    say(`Error: ${error.message}${secretHint(error, options)}`)
    return EXIT_USAGE
  }
  const { jobId, stores } = started
  const saved = save ? ` (run ${jobId} in History)` : ''
  const where = stores.length === 1 ? `store ${stores[0] ?? ''}` : `${stores.length} stores (${formatStoreList(stores)})`
  const running = what === null ? 'Looking up' : `Running ${what}`
  say(`${running} in ${ENVIRONMENT_LABELS[environment]}, ${where}${saved}. Ctrl+C stops and still writes what was found.`)
  const final = await watchRun(services, jobId, io, say, save)
  return writeRun(services, jobId, options, final, say, save, out)
}

function secretHint(error: AppError, options: OutputOptions): string {
  if (error.code !== 'missing_credentials' && error.code !== 'keychain_unavailable') return ''
  const clientId = options.clientId === undefined ? ' and pass --client-id' : ''
  return ` For this command you can also set INVENTORY_CLIENT_SECRET, or INVENTORY_CLIENT_SECRET_FILE to a file only you can read${clientId}.`
}
