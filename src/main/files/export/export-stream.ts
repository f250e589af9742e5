import type { MessagePort } from 'node:worker_threads'
import { AppError } from '../../../shared/domain/app-error'
import type { ExportSheet } from '../../../shared/export/export-sheet'

/**
 * An export's sheets going from the thread that builds them (History's reader) straight to the
 * files worker that writes them, through a channel whose two ends main hands out: main never holds
 * the rows. Builder to writer: each chunk, then `end` (or `failed`, when building stopped).
 * Writer to builder: `written` for each chunk (so no more than two wait), or `stop`.
 */
export type ToWriter = { kind: 'sheets'; sheets: ExportSheet[] } | { kind: 'end' } | { kind: 'failed' }
export type ToBuilder = { kind: 'written' } | { kind: 'stop' }

/** Chunks sent and not yet written: the builder reads the next slice while the worker writes the last. */
const IN_FLIGHT = 2

/**
 * Sends `chunks` to the writer at the other end of `port`, two at most waiting, then says it ended.
 * Stops early (without error) when the writer stops or its end goes away; a failure while building
 * tells the writer, which throws the file away, and is thrown here. The port is closed either way.
 */
export async function sendSheets(chunks: Iterable<ExportSheet[]>, port: MessagePort): Promise<{ chunks: number }> {
  let written = 0
  let stopped = false
  let wake: (() => void) | null = null
  const wakeUp = () => {
    wake?.()
    wake = null
  }
  port.on('message', (message: ToBuilder) => {
    if (message.kind === 'written') written += 1
    else stopped = true
    wakeUp()
  })
  port.on('close', () => {
    stopped = true
    wakeUp()
  })
  let sent = 0
  try {
    for (const sheets of chunks) {
      while (!stopped && sent - written >= IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve))
      if (stopped) return { chunks: sent }
      port.postMessage({ kind: 'sheets', sheets } satisfies ToWriter)
      sent += 1
    }
    if (!stopped) port.postMessage({ kind: 'end' } satisfies ToWriter)
    return { chunks: sent }
  } catch (error) {
    if (!stopped) port.postMessage({ kind: 'failed' } satisfies ToWriter)
    throw error
  } finally {
    port.close()
  }
}

/** The builder stopped before the end: it failed (main has its sentence) or its thread went away. */
export function builderStopped(): AppError {
  return new AppError('internal', 'The export stopped before all its rows were read, so no file was saved; export again.')
}

/**
 * Writes each chunk that arrives on `port` with the `add` that `opening` gives once the file is open,
 * answering `written` after each, until the builder says it ended. Rejects when opening fails, when
 * the builder failed or went away, or when `add` throws (the builder is then told to stop). The port
 * is closed either way. Call it as soon as the port arrives, not once the file is open: a port whose
 * other end goes away while nothing listens closes unheard, and the export would never end.
 */
export function receiveSheets(port: MessagePort, opening: Promise<(sheets: ExportSheet[]) => void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false
    let add: ((sheets: ExportSheet[]) => void) | null = null
    // What came before the file was open, in order; null: the builder's end went away.
    const early: (ToWriter | null)[] = []
    const settle = (error: unknown) => {
      if (settled) return
      settled = true
      port.close()
      if (error === null) resolve()
      else reject(error)
    }
    const take = (message: ToWriter | null) => {
      if (settled) return
      if (add === null) return void early.push(message)
      if (message === null) return settle(builderStopped())
      if (message.kind === 'end') return settle(null)
      if (message.kind === 'failed') return settle(builderStopped())
      try {
        add(message.sheets)
        port.postMessage({ kind: 'written' } satisfies ToBuilder)
      } catch (error) {
        port.postMessage({ kind: 'stop' } satisfies ToBuilder)
        settle(error)
      }
    }
    port.on('message', (message: ToWriter) => take(message))
    port.on('close', () => take(null))
    opening.then(
      (opened) => {
        add = opened
        for (const message of early.splice(0)) take(message)
      },
      (error: unknown) => settle(error)
    )
  })
}
