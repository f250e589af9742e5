import type { ImportSource } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import type { JobProgress } from '../../shared/domain/job-progress'
import { storesSchema } from '../../shared/domain/store-list'
import { repeatedLine } from '../../shared/import-lines'
import { UNPAIRED_MESSAGE } from '../../shared/input-column-schema'
import type { InputColumn } from '../../shared/input-column'
import { formatNumber } from '../../shared/format/numbers'
import { MAX_RUNNING_LOOKUPS } from '../../shared/limits'
import type { TargetOverrides, TargetResolver } from '../credentials/target-resolver'
import { CARRIED_LINES_PER_ASK, type ImportService } from '../files/import/import-service'
import type { LookupOrigin } from '../history/lookup-origins'
import type { PackedCarriedPart } from '../history/staged-carried'
import { packColumn, type PackedLines } from '../workers/packed-lines'
import type { CarriedInput, JobRunner } from './job-types'

/** A lookup as the window or the headless command asks for it. */
export interface LookupRequest {
  environment: EnvironmentId
  /** Every line is looked up in each of these stores, in this order. */
  stores: number[]
  itemType: ItemType
  /** The lines as one column (`packInputColumn`), as the window sends them and main's own lookups pack them. */
  lines: InputColumn
  /** Set when the lines are a column of an imported file: its other columns travel with each line. */
  source?: ImportSource | undefined
  /** The other columns' cells themselves, when they come from a watchlist or History rather than a file. */
  carried?: CarriedInput | undefined
  /** Where the lookup came from: a watchlist's run, or a Run again of an earlier lookup. */
  origin?: LookupOrigin | undefined
  /** The headless command's hosts, client ID or secret instead of the settings' and the keychain's. */
  overrides?: TargetOverrides
}

/**
 * Lookups from start to end, as the window and the headless command both run them: where to send
 * them (resolved afresh each time: credentials may have been fixed since), the imported file's
 * other columns, and the running lookups themselves.
 */
export interface LookupService extends Pick<
  JobRunner,
  'cancel' | 'stop' | 'stopAll' | 'interruptSendingTo' | 'progress' | 'whenSettled' | 'isRunning' | 'runningCount'
> {
  /** Resolves once the lookup is stored; it then runs in the background. */
  start(request: LookupRequest): Promise<JobProgress>
  /** Looks up the lines a cancelled or interrupted lookup never answered, under the same lookup. */
  resume(jobId: string, overrides?: TargetOverrides): Promise<JobProgress>
  /** Looks up the failed values again, under the same lookup. */
  retryFailed(jobId: string): Promise<JobProgress>
}

export interface LookupServiceDeps {
  runner: JobRunner
  targets: TargetResolver
  imports: Pick<ImportService, 'carriedPacked'>
}

/** A lookup's lines, as the door packed them. */
interface CheckedLines {
  packed: PackedLines
  /** Each number above the one before: none repeats, and they are in line order already. */
  increasing: boolean
}

/**
 * The checks a request passes at the door, with the domain's own rules; the values themselves are
 * validated where History stores them. The column is read once, to pack it for History's writer
 * (its numbers, and its values as bytes), and the checks run over the packed numbers:
 * a list in file order (nearly every one) then needs no search for a repeated number and no sort,
 * each of which took main 10 ms over 200,000 lines in a lookup's start, where the code is not warm yet.
 */
function checkRequest({ stores, lines }: LookupRequest): CheckedLines {
  const checked = storesSchema.safeParse(stores)
  if (!checked.success) throw new AppError('invalid_input', checked.error.issues[0]?.message ?? 'Check the stores and try again.')
  const packed = packColumn(lines)
  if (packed === null) throw new AppError('invalid_input', UNPAIRED_MESSAGE)
  const inOrder = increasing(packed.lines)
  const repeated = inOrder ? null : repeatedLine(packed.lines)
  if (repeated !== null) throw new AppError('invalid_input', `Line ${repeated} appears twice in the list; give each line its own number.`)
  return { packed, increasing: inOrder }
}

/** Each number above the one before: none repeats, and they are in line order already. */
function increasing(numbers: Float64Array): boolean {
  let previous = Number.NEGATIVE_INFINITY
  for (let index = 0; index < numbers.length; index++) {
    const line = numbers[index] ?? 0
    // Written so that a number that is not one (NaN) ends the run too: the full check then sees it.
    if (!(line > previous)) return false
    previous = line
  }
  return true
}

/**
 * An imported list's other columns, read from the worker thread that keeps the file's table a part
 * at a time (`CARRIED_LINES_PER_ASK` lines, each part sent on to History's writer as it is), in
 * line order (History keeps them by line), as the lookup is created. The first part is read here:
 * it names the columns. The worker packs each part's cells, and main passes them on unread.
 */
async function carriedInParts(
  imports: Pick<ImportService, 'carriedPacked'>,
  source: ImportSource,
  { packed, increasing }: CheckedLines
): Promise<CarriedInput> {
  // A copy: the packed numbers move to History's writer with the lookup. A typed array sorts by number, with no comparator.
  const numbers = increasing ? packed.lines.slice() : packed.lines.slice().sort()
  const firstLines = numbers.slice(0, CARRIED_LINES_PER_ASK)
  const { rows: firstRows, ...first } = await imports.carriedPacked(source, firstLines)
  async function* parts(): AsyncGenerator<PackedCarriedPart> {
    yield { lines: firstLines, rows: firstRows }
    for (let start = CARRIED_LINES_PER_ASK; start < numbers.length; start += CARRIED_LINES_PER_ASK) {
      const wanted = numbers.slice(start, start + CARRIED_LINES_PER_ASK)
      yield { lines: wanted, rows: (await imports.carriedPacked(source, wanted)).rows }
    }
  }
  return { ...first, parts: parts() }
}

/** The sentence for a lookup refused because `MAX_RUNNING_LOOKUPS` are running. */
export const BUSY_MESSAGE = `${formatNumber(MAX_RUNNING_LOOKUPS)} lookups are running, as many as the app runs at once: wait for one to finish or cancel one, then run this again.`

export function createLookupService({ runner, targets, imports }: LookupServiceDeps): LookupService {
  /** Lookups past the door but not yet running (their target and carried columns being read): they count too. */
  let starting = 0

  /** Runs `begin` if a lookup may start now, counting it from the door so that two at once cannot both slip past the limit. */
  async function admitted(begin: () => Promise<JobProgress>): Promise<JobProgress> {
    if (runner.runningCount() + starting >= MAX_RUNNING_LOOKUPS) throw new AppError('busy', BUSY_MESSAGE)
    starting += 1
    try {
      return await begin()
    } finally {
      starting -= 1
    }
  }

  return {
    async start(request) {
      const checked = checkRequest(request)
      return admitted(async () => {
        const { environment, stores, itemType, source, origin } = request
        const target = await targets.resolve(environment, request.overrides)
        const carried = source === undefined ? request.carried : await carriedInParts(imports, source, checked)
        return runner.start({
          environment,
          stores,
          itemType,
          packed: checked.packed,
          target,
          ...(carried === undefined ? {} : { carried }),
          ...(origin === undefined ? {} : { origin })
        })
      })
    },

    resume(jobId, overrides) {
      return admitted(async () => {
        const target = await targets.resolve(runner.progress(jobId).environment, overrides)
        return runner.resume(jobId, target)
      })
    },

    retryFailed(jobId) {
      return admitted(async () => {
        const target = await targets.resolve(runner.progress(jobId).environment)
        return runner.retryFailed(jobId, target)
      })
    },

    cancel: (jobId) => runner.cancel(jobId),
    stop: (jobId, reason) => runner.stop(jobId, reason),
    stopAll: (reason) => runner.stopAll(reason),
    interruptSendingTo: (baseUrl) => runner.interruptSendingTo(baseUrl),
    progress: (jobId) => runner.progress(jobId),
    whenSettled: (jobId) => runner.whenSettled(jobId),
    isRunning: (jobId) => runner.isRunning(jobId),
    runningCount: () => runner.runningCount()
  }
}
