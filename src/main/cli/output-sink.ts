import { open, rename, rm, type FileHandle } from 'node:fs/promises'
import { describeWriteFailure } from '../files/export/write-failure'
import { PRIVATE_FILE_MODE } from '../files/private-files'
import { forgetTempFile, journalTempFile, tempPathFor } from '../files/temp-files'

/** Where the command's output goes, a piece of text at a time, waiting while the reader catches up. */
export interface OutputSink {
  write(chunk: string | Uint8Array): Promise<void>
  /** The output is complete: a file is put in place only now. */
  finish(): Promise<void>
  /** Leaves an existing file as it was. */
  abort(): Promise<void>
}

/** Pieces are gathered to about this size before each write: one system call per 64 KB, not per row. */
const PIECE_CHARS = 64 * 1024

export type WriteChunk = (chunk: string | Uint8Array) => Promise<void>

/** Gathers small texts into larger writes; bytes (a workbook) go through as they come. */
function gathered(write: WriteChunk): { add: WriteChunk; flush(): Promise<void> } {
  let pending: string[] = []
  let size = 0
  const flush = async () => {
    if (pending.length === 0) return
    const text = pending.join('')
    pending = []
    size = 0
    await write(text)
  }
  return {
    async add(chunk) {
      if (typeof chunk !== 'string') {
        await flush()
        await write(chunk)
        return
      }
      pending.push(chunk)
      size += chunk.length
      if (size >= PIECE_CHARS) await flush()
    },
    flush
  }
}

/** Standard output, through `write`, which resolves once the chunk is taken (a pipe's reader may be slower). */
export function standardOutputSink(write: WriteChunk): OutputSink {
  const pieces = gathered(write)
  return { write: pieces.add, finish: pieces.flush, abort: async () => undefined }
}

/**
 * A file, written as the app writes exports: to a temporary file beside it, noted in the data
 * folder's journal so a crash leaves nothing behind for long, flushed to disk, then renamed over
 * the target. A failure leaves the old file as it was and says why in a sentence.
 */
export async function atomicFileSink(path: string, journalDir: string): Promise<OutputSink> {
  const temp = tempPathFor(path)
  const forget = () => forgetTempFile(journalDir, temp).catch(() => undefined)
  let handle: FileHandle
  try {
    await journalTempFile(journalDir, temp)
    handle = await open(temp, 'w', PRIVATE_FILE_MODE)
  } catch (error) {
    await forget()
    throw describeWriteFailure(error, path)
  }
  // writeFile on a handle appends at its position and loops until every byte is written.
  const pieces = gathered((chunk) => handle.writeFile(chunk))
  const discard = async () => {
    await handle.close().catch(() => undefined)
    await rm(temp, { force: true })
    await forget()
  }
  return {
    async write(chunk) {
      try {
        await pieces.add(chunk)
      } catch (error) {
        throw describeWriteFailure(error, path)
      }
    },
    async finish() {
      try {
        await pieces.flush()
        await handle.sync()
        await handle.close()
        await rename(temp, path)
        await forget()
      } catch (error) {
        await discard()
        throw describeWriteFailure(error, path)
      }
    },
    abort: discard
  }
}
