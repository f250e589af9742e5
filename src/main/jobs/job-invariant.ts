import type { JobProgress } from '../../shared/domain/job-progress'
import type { FinalLineStatus, LineResult } from '../../shared/domain/line-result'

/**
 * The promise a lookup makes, checked from the outside: in every store, every input line ends in
 * exactly one final state, with what that state needs (a reason, the line it repeats, an error, the
 * item), nothing is lost or counted twice, and the progress figures agree with the log. Returns the
 * problems found; an empty list means the job kept its promise. Tests call it at the end of every
 * job; the benchmark calls it on every run. The stores are the progress's, or those the log names.
 */
export function checkJobInvariant(
  lines: readonly { line: number; input: string }[],
  entries: readonly LineResult[],
  progress?: JobProgress
): string[] {
  const problems: string[] = []
  const inputByLine = new Map<number, string>()
  for (const { line, input } of lines) {
    if (inputByLine.has(line)) problems.push(`line ${line} appears twice in the input`)
    inputByLine.set(line, input)
  }
  const stores = progress?.stores ?? [...new Set(entries.map((entry) => entry.storeNbr))]
  const entriesByStore = new Map<number, LineResult[]>(stores.map((store) => [store, []]))
  for (const entry of entries) {
    const own = entriesByStore.get(entry.storeNbr)
    if (own === undefined) problems.push(`an entry names store ${entry.storeNbr}, which is not looked up`)
    else own.push(entry)
  }
  const finals: LineResult[] = []
  for (const [store, own] of entriesByStore) {
    // One store's problems read as before; with several, each says which store it is about.
    const where = stores.length === 1 ? '' : `store ${store}: `
    // A loop, not a spread: a 200,000-line store's finals are more arguments than a call takes.
    for (const final of storeProblems(lines, inputByLine, own, (problem) => problems.push(`${where}${problem}`))) finals.push(final)
  }
  if (progress !== undefined) problems.push(...progressProblems(lines.length, stores.length, entries.length, finals, progress))
  return problems
}

/** One store's log against the input: each line's history, its final state and the lookups it cost. */
function storeProblems(
  lines: readonly { line: number; input: string }[],
  inputByLine: ReadonlyMap<number, string>,
  entries: readonly LineResult[],
  report: (problem: string) => void
): LineResult[] {
  const history = new Map<number, LineResult[]>()
  for (const entry of entries) {
    const input = inputByLine.get(entry.line)
    if (input === undefined) {
      report(`an entry names line ${entry.line}, which is not in the input`)
      continue
    }
    if (entry.input !== input) report(`line ${entry.line}: entry input ${JSON.stringify(entry.input)} differs from the input`)
    const list = history.get(entry.line) ?? []
    list.push(entry)
    history.set(entry.line, list)
  }

  const finals = new Map<number, LineResult>()
  for (const { line } of lines) {
    const list = history.get(line)
    const last = list?.at(-1)
    if (list === undefined || last === undefined) {
      report(`line ${line} has no final state`)
      continue
    }
    // Only a failure ("retry failed") or a line never answered ("resume") may be superseded; any other state is final for good.
    const superseded = list.slice(0, -1).filter((e) => e.status !== 'failed' && e.status !== 'cancelled')
    if (superseded.length > 0) report(`line ${line} was given a final state more than once (${list.map((e) => e.status).join(' -> ')})`)
    finals.set(line, last)
  }

  const lookedUpBy = new Map<string, number>()
  for (const [line, result] of finals) {
    for (const problem of shapeProblems(result)) report(problem)
    if (result.status === 'invalid' || result.status === 'duplicate' || result.value === null) continue
    const first = lookedUpBy.get(result.value)
    if (first !== undefined) report(`value ${result.value} was looked up for both line ${first} and line ${line}`)
    else lookedUpBy.set(result.value, line)
  }
  for (const result of finals.values()) {
    if (result.status !== 'duplicate' || result.duplicateOf === undefined) continue
    const original = finals.get(result.duplicateOf)
    if (original === undefined || result.duplicateOf >= result.line) {
      report(`line ${result.line} is a duplicate of line ${result.duplicateOf}, which is not an earlier input line`)
    } else if (original.value !== result.value || original.status === 'duplicate' || original.status === 'invalid') {
      report(`line ${result.line} is a duplicate of line ${result.duplicateOf}, which does not hold the looked-up value ${result.value}`)
    }
  }
  return [...finals.values()]
}

function shapeProblems(result: LineResult): string[] {
  const at = `line ${result.line} (${result.status})`
  const problems: string[] = []
  const needsValue = result.status !== 'invalid'
  if (needsValue && result.value === null) problems.push(`${at} has no value`)
  if (!needsValue && result.value !== null) problems.push(`${at} carries a value`)
  if ((result.status === 'invalid') !== (result.invalidReason !== undefined))
    problems.push(`${at}: a reason belongs to invalid lines, and only to them`)
  if ((result.status === 'duplicate') !== (result.duplicateOf !== undefined))
    problems.push(`${at}: duplicateOf belongs to duplicates, and only to them`)
  if ((result.status === 'failed') !== (result.error !== undefined))
    problems.push(`${at}: an error belongs to failed lines, and only to them`)
  if ((result.status === 'found') !== (result.item !== undefined)) problems.push(`${at}: an item belongs to found lines, and only to them`)
  return problems
}

const COUNT_FIELDS: Record<FinalLineStatus, keyof JobProgress> = {
  found: 'found',
  not_found: 'notFound',
  invalid: 'invalid',
  duplicate: 'duplicate',
  failed: 'failed',
  cancelled: 'cancelled'
}

function progressProblems(
  lineCount: number,
  storeCount: number,
  entryCount: number,
  finals: LineResult[],
  progress: JobProgress
): string[] {
  const problems: string[] = []
  if (progress.state !== 'finished' && progress.state !== 'cancelled') problems.push(`the job is still ${progress.state}`)
  if (progress.lines !== lineCount) problems.push(`progress says ${progress.lines} lines, the input has ${lineCount}`)
  const answeredByStore = new Map<number, number>(progress.stores.map((store) => [store, 0]))
  for (const result of finals) {
    if (result.status !== 'cancelled') answeredByStore.set(result.storeNbr, (answeredByStore.get(result.storeNbr) ?? 0) + 1)
  }
  const done = [...answeredByStore.values()].filter((answered) => answered === lineCount).length
  if (progress.storesDone !== done) problems.push(`progress says ${progress.storesDone} of ${storeCount} stores done, the log has ${done}`)
  if (progress.pending !== 0) problems.push(`progress says ${progress.pending} lines are still pending`)
  if (progress.resultsCount !== entryCount) problems.push(`progress says ${progress.resultsCount} results, the log has ${entryCount}`)
  if (progress.batchesDone > progress.batchesTotal) problems.push(`${progress.batchesDone} of ${progress.batchesTotal} batches done`)
  for (const [status, field] of Object.entries(COUNT_FIELDS) as [FinalLineStatus, keyof JobProgress][]) {
    const actual = finals.filter((r) => r.status === status).length
    if (progress[field] !== actual) problems.push(`progress says ${String(progress[field])} ${status}, the log has ${actual}`)
  }
  return problems
}

/** One search the client was asked to make, and whether the server answered it. */
export interface SearchCall {
  values: readonly string[]
  answered: boolean
  /** A value is looked up once per store: the same value in another store is another lookup. */
  storeNbr?: number
}

/**
 * No search holds more than 100 values or repeats one, and a value is asked again (in the same
 * store) only if every earlier search holding it went unanswered: once answered, never asked again.
 */
export function checkSearchCalls(calls: readonly SearchCall[]): string[] {
  const problems: string[] = []
  const callsByValue = new Map<string, number[]>()
  calls.forEach((call, index) => {
    if (call.values.length === 0 || call.values.length > 100) problems.push(`search ${index + 1} holds ${call.values.length} values`)
    if (new Set(call.values).size !== call.values.length) problems.push(`search ${index + 1} repeats a value`)
    for (const value of new Set(call.values)) {
      const key = call.storeNbr === undefined ? value : `${value} in store ${call.storeNbr}`
      callsByValue.set(key, [...(callsByValue.get(key) ?? []), index])
    }
  })
  for (const [key, indexes] of callsByValue) {
    const earlierAnswered = indexes.slice(0, -1).filter((i) => calls[i]?.answered === true)
    if (earlierAnswered.length > 0) problems.push(`value ${key} was asked ${indexes.length} times, and answered before the last`)
  }
  return problems
}
