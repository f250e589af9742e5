import type { EnvironmentId, ItemType } from '../../shared/domain/item-type'
import type { JobProgress } from '../../shared/domain/job-progress'
import type { HistoryStore } from '../history/history-store'
import type { LookupSource } from '../history/history-types'
import type { HistoryWriter } from '../history/history-writer'
import type { LookupOrigin } from '../history/lookup-origins'
import type { CarriedPart } from '../history/staged-carried'
import type { ApiTarget, InventoryClient } from '../inventory/inventory-client'
import type { Logger } from '../logging/logger'
import type { PackedLines } from '../workers/packed-lines'
import type { After } from './answer-groups'
import type { RetryPolicy } from './retry-policy'

export interface JobRunnerDeps {
  client: Pick<InventoryClient, 'searchBatch'>
  /** Where a lookup's stored state is read back from; the runner keeps only what is running. */
  history: HistoryStore
  /** Writes every lookup and each batch of answers as it arrives, in order, off main's thread in the app. */
  writer: HistoryWriter
  /** Who starts lookups through this runner, as History shows it: the app or the headless command. */
  source?: LookupSource
  now: () => number
  /** May resolve or reject when `signal` aborts; the runner copes with either. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  random: () => number
  log: Logger
  onProgress: (progress: JobProgress) => void
  /**
   * Calls `beat` every `ms` of wall-clock time until the returned function is called; by default a
   * timer that does not keep the process alive. A running lookup's heartbeat tells other processes
   * sharing the history that it is alive even while the server holds it back.
   */
  every?: (ms: number, beat: () => void) => () => void
  /** Calls `fire` once after `ms` unless cancelled, by default a timer that does not keep the process alive: when a group of answers goes to History at the latest, and when a coalesced progress is told. */
  after?: After
  /** Searches in flight at once per API client, at most; below that the scheduler finds the rate the server allows. */
  concurrency?: number
  /** Where the scheduler's search for the rate starts. */
  initialConcurrency?: number
  /** Requests one batch may make for faults other than throttling. */
  maxAttempts?: number
  retryPolicy?: Partial<Omit<RetryPolicy, 'maxAttempts'>>
}

export interface JobParams {
  environment: EnvironmentId
  /** Every line is looked up in each of these stores, in this order. */
  stores: number[]
  itemType: ItemType
}

export interface StartParams extends JobParams {
  /** The lines as the lookup service packed them at its door: History's writer takes them so, with no line objects made on main. */
  packed: PackedLines
  target: ApiTarget
  /** An imported file's other columns: their names, and per line (aligned with the packed lines, or by line in parts) its cells joined by `CELL_SEPARATOR`. */
  carried?: CarriedInput
  /** Where the lookup came from (a watchlist's run, a Run again), stored with it before it runs. */
  origin?: LookupOrigin
}

export type CarriedInput = CarriedRows | CarriedParts

export interface CarriedRows {
  columns: string[]
  rows: readonly (string | null)[]
  /** The file whose "Item name" column the cells begin with. */
  itemNamesFrom?: string
}

/** Cells read a part at a time as they are stored (an imported file's), so that they are never all in main at once. */
export interface CarriedParts {
  columns: string[]
  /** The rows of every line, in line order, a part at a time; read once, while the lookup is created. */
  parts: AsyncIterable<CarriedPart>
  itemNamesFrom?: string
}

/** How a run was stopped: `cancelled` by the person, `interrupted` by quitting or a signal. */
export type StopReason = 'cancelled' | 'interrupted'

export interface JobRunner {
  /**
   * Resolves once the lookup is stored (its values validated where it is written); the lookup then
   * runs in the background and reports through `onProgress`. Its stores and line numbers are as the
   * lookup service's door checked them: each once.
   */
  start(params: StartParams): Promise<JobProgress>
  /**
   * Stops the lookup and answers at once with it stopped: its unanswered lines are written as
   * cancelled after (`whenSettled`), and a last progress says when they are.
   */
  cancel(jobId: string): JobProgress
  stop(jobId: string, reason: StopReason): JobProgress
  /**
   * Stops, as interrupted, the lookups sending to `baseUrl`: a server that is gone (the Demo API's
   * thread stopped). What they had answered is kept; Resume asks the rest.
   */
  interruptSendingTo(baseUrl: string): void
  /** Stops every lookup running here (the app quitting); resolves when History has all of them. */
  stopAll(reason: StopReason): Promise<void>
  /** Looks up the failed values again under the same job id, with `target` as it is now (credentials may have been fixed). */
  retryFailed(jobId: string, target: ApiTarget): Promise<JobProgress>
  /** Looks up the lines a cancelled or interrupted lookup never answered, under the same job id. */
  resume(jobId: string, target: ApiTarget): Promise<JobProgress>
  progress(jobId: string): JobProgress
  /** Resolves when the current run has finished or been stopped. */
  whenSettled(jobId: string): Promise<JobProgress>
  /** Whether the lookup is running in this process right now. */
  isRunning(jobId: string): boolean
  /** How many lookups are running in this process (quitting asks first when there are any). */
  runningCount(): number
}
