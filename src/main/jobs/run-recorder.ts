import { randomUUID } from 'node:crypto'
import { AppError } from '../../shared/domain/app-error'
import type { FinalLineStatus } from '../../shared/domain/line-result'
import type { HistoryStore } from '../history/history-store'
import { answerCount } from '../history/answer-batch'
import type { AnswerBatch, LookupSource, RunFigures, StoppedState, StoredLookup } from '../history/history-types'
import type { HistoryWriter } from '../history/history-writer'
import { dropItemBytes } from '../history/item-bytes'
import { lookupGone } from '../history/lookup-id'
import { HEARTBEAT_MS } from '../history/lookup-owner'
import type { ClaimedRun, CreatedLookup, NewLookupRequest } from '../history/lookup-request'
import type { Logger } from '../logging/logger'
import { isThreadStopped } from '../workers/supervised-thread'
import { createAnswerGroups, type After } from './answer-groups'
import type { StartParams } from './job-types'

const NOT_SAVED_MESSAGE =
  'The lookup could not be saved to History. Check that the disk is not full and that no other program holds the history file, then try again.'

export interface RunRecorderDeps {
  /** Writes every lookup and each batch of answers as it arrives, in order, off main's thread in the app. */
  writer: HistoryWriter
  /** Where a run's end is read back from once written. */
  history: Pick<HistoryStore, 'lookup'>
  log: Logger
  /**
   * Calls `beat` every `ms` of wall-clock time until the returned function is called; by default a
   * timer that does not keep the process alive. A running lookup's heartbeat tells other processes
   * sharing the history that it is alive even while the server holds it back.
   */
  every?: (ms: number, beat: () => void) => () => void
  /** Calls `fire` once after `ms` unless cancelled: when a group of answers is sent at the latest (`GROUP_WAIT_MS`). */
  after?: After
}

function wallClockTimer(ms: number, beat: () => void): () => void {
  const timer = setInterval(beat, ms)
  timer.unref()
  return () => clearInterval(timer)
}

/** The default `After`: a timer that does not keep the process alive. */
export function wallClockDelay(ms: number, fire: () => void): () => void {
  const timer = setTimeout(fire, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

/** What History is told of one run while it lasts. */
export interface RunRecord {
  /**
   * Writes a batch's answers, in the order asked, in groups (answer-groups: a group is sent when it
   * is large enough, a short time after its first batch, or as the run's end is written);
   * `onRecorded` hears the new length of the result log once a group is committed. Answers History
   * cannot take stop the run (`onRefused`): an answer that cannot be kept is not an answer the user
   * has. When History's writer stops under the run, the run stops too (`onRefused`), and the
   * answers not yet committed are kept and written on the writer's next thread before the run's
   * end: none is lost.
   */
  append(answers: AnswerBatch, figures: RunFigures): void
  /** Stops the heartbeat: the run has ended. */
  stopBeating(): void
  /**
   * Waits for the answers on their way, then writes the end (`state` is told whether History
   * refused some); the lookup as History now has it, or null when the end could not be written.
   */
  finish(
    state: (refused: boolean) => StoppedState,
    figures: RunFigures & { valuesPerSecond: number },
    endedAt: number
  ): Promise<StoredLookup | null>
}

export interface RunRecorder {
  /** Stores a new lookup (its lines validated where History writes them) and gives the values to look up. */
  create(params: StartParams, source: LookupSource, startedAt: number): Promise<CreatedLookup>
  /** Takes a stopped lookup over to look up its lines with these statuses again; null when it has none. */
  claim(id: number, statuses: readonly FinalLineStatus[]): Promise<ClaimedRun | null>
  /** Starts the record of a run of `lookup` as stored: its heartbeat beats from now on. */
  open(lookup: Pick<StoredLookup, 'id' | 'resultsCount'>, hooks: { onRecorded(resultsCount: number): void; onRefused(): void }): RunRecord
}

/** The job runner's only way to History's writer: a lookup stored, each run's answers, its heartbeat and its end. */
export function createRunRecorder({ writer, history, log, every = wallClockTimer, after = wallClockDelay }: RunRecorderDeps): RunRecorder {
  /** A write to History that fails for a reason other than the user's (a full disk, a lock held too long) says so in a sentence. */
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (error instanceof AppError) throw error
      log.error('a lookup could not be saved to History', { error })
      throw new AppError('file_write_failed', NOT_SAVED_MESSAGE)
    }
  }

  return {
    create(params, source, startedAt) {
      const { target } = params
      const carried = params.carried === undefined || params.carried.columns.length === 0 ? null : params.carried
      const staged = carried !== null && 'parts' in carried ? { key: randomUUID(), parts: carried.parts } : null
      // Where the lookup went and what it was, never its secret.
      const request: NewLookupRequest = {
        lookup: {
          environment: params.environment,
          authUrl: target.authUrl,
          baseUrl: target.baseUrl,
          clientId: target.clientId,
          itemType: params.itemType,
          source,
          carriedColumns: carried?.columns ?? [],
          stores: params.stores,
          startedAt
        },
        packed: params.packed,
        ...(carried === null ? {} : staged === null && 'rows' in carried ? { carried: carried.rows } : {}),
        ...(staged === null ? {} : { carriedStaged: staged.key }),
        ...(carried?.itemNamesFrom === undefined ? {} : { itemNamesFrom: carried.itemNamesFrom }),
        ...(params.origin === undefined ? {} : { origin: params.origin })
      }
      return saving(async () => {
        try {
          // The cells go to History's writer a part at a time, ahead of the lookup that takes them.
          if (staged !== null) for await (const part of staged.parts) await writer.stageCarried(staged.key, part)
          return await writer.createLookup(request)
        } catch (error) {
          if (staged !== null) writer.dropCarried(staged.key).catch(() => undefined)
          throw error
        }
      })
    },
    claim: (id, statuses) => saving(() => writer.claimRun(id, statuses)),

    open({ id, resultsCount }, hooks) {
      const jobId = String(id)
      /** Groups of answers on their way to History; the run's end waits for them. */
      const appending = new Set<Promise<unknown>>()
      let refused = false
      /** The length of the result log after the last group History confirmed, in the order they were sent. */
      let confirmed = resultsCount
      /**
       * Groups sent when History's writer stopped, and any after: kept here, in the order sent, to be
       * written again (those it had not committed) before the run's end. Each keeps its batches'
       * items as the bytes the search thread made (the writer's message moved their spare copies),
       * never as text.
       */
      const unsaved: { order: number; batches: AnswerBatch[]; figures: RunFigures }[] = []
      let writerStopped = false
      let sent = 0
      const stopBeating = every(HEARTBEAT_MS, () => {
        writer.heartbeat(id).catch((error: unknown) => log.warn('the heartbeat of a running lookup could not be saved', { jobId, error }))
      })

      function keep(order: number, batches: AnswerBatch[], figures: RunFigures): void {
        unsaved.push({ order, batches, figures })
        if (writerStopped) return
        writerStopped = true
        log.warn("History's writer stopped under a running lookup; its answers are kept to be written again", { jobId })
        hooks.onRefused()
      }

      /** Writes again what History's writer had not committed when it stopped: what it had is skipped, by the log's length. */
      async function writeUnsaved(): Promise<void> {
        if (unsaved.length === 0) return
        unsaved.sort((a, b) => a.order - b.order)
        let committed = (history.lookup(id)?.resultsCount ?? confirmed) - confirmed
        let written = 0
        for (const group of unsaved) {
          let count = 0
          for (const batch of group.batches) count += answerCount(batch)
          if (committed < count) {
            confirmed = await writer.appendResults(id, group.batches, group.figures)
            written += count
          } else committed -= count
          for (const batch of group.batches) dropItemBytes(batch.items)
        }
        unsaved.length = 0
        log.info("answers kept when History's writer stopped were written again", { jobId, written })
        hooks.onRecorded(confirmed)
      }

      /** Sends a group of answers to History's writer as one batch, or keeps it when the writer has stopped. */
      function send(batches: AnswerBatch[], figures: RunFigures): void {
        const order = sent++
        if (writerStopped) {
          keep(order, batches, figures)
          return
        }
        // The spare bytes move to History's thread; the batches' own are what is written again if it stops first.
        const appended = writer.appendResults(id, batches, figures).then(
          (resultsCount) => {
            for (const batch of batches) dropItemBytes(batch.items)
            confirmed = Math.max(confirmed, resultsCount)
            hooks.onRecorded(resultsCount)
          },
          (error: unknown) => {
            if (isThreadStopped(error)) {
              keep(order, batches, figures)
              return
            }
            log.error('answers could not be saved to History; stopping the lookup', { jobId, error })
            refused = true
            hooks.onRefused()
          }
        )
        appending.add(appended)
        void appended.finally(() => appending.delete(appended))
      }

      const groups = createAnswerGroups({ after, send })

      return {
        append: (answers, figures) => groups.add(answers, figures),
        stopBeating,

        async finish(state, figures, endedAt) {
          groups.flush()
          await Promise.allSettled(appending)
          try {
            await writeUnsaved()
          } catch (error) {
            log.error("answers kept when History's writer stopped could not be written again", { jobId, error })
            refused = true
          }
          try {
            await writer.finishRun(id, state(refused), figures, endedAt)
            const lookup = history.lookup(id)
            if (lookup === null) throw lookupGone()
            return lookup
          } catch (error) {
            log.error('the end of a lookup could not be saved to History', { jobId, error })
            return null
          }
        }
      }
    }
  }
}
