import { appendFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { appendFile, open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { makePrivateDirSync, makePrivateFileSync, PRIVATE_FILE_MODE } from '../files/private-files'
import { LOG_FILE_MAX_BYTES, LOG_FILES_KEPT, LOG_PENDING_MAX_BYTES } from './log-limits'

/**
 * The log on disk: lines (already redacted by the logger, the one place that redacts) are queued
 * and written in batches off the caller's path, never with a synchronous write per line; the file
 * is rotated by size (`main.log`, `.1`, `.2`), so it never grows without bound. Created 0600 in a
 * 0700 folder, like everything else the app writes.
 */
export interface LogFile {
  readonly dir: string
  readonly path: string
  /** Queues a line; it reaches the disk shortly after, in a batch. */
  write(line: string): void
  /** Resolves once every line queued so far is on disk. */
  flush(): Promise<void>
  /** Writes what is queued now, synchronously: for a fatal error or the process's exit, when nothing asynchronous runs again. */
  flushSync(): void
  /** The last `count` lines on disk, oldest first, across the rotated files. */
  lastLines(count: number): Promise<string[]>
  /** Flushes and stops queuing; later lines are written synchronously (there should be almost none). */
  close(): Promise<void>
}

export interface LogFileOptions {
  dir: string
  name?: string
  maxBytes?: number
  files?: number
  maxPendingBytes?: number
  /** The time of the line that says how many lines were dropped. */
  now?: () => number
}

/** Bytes read from the end of a file at a time when looking for its last lines. */
const TAIL_BLOCK_BYTES = 64 * 1024

export function openLogFile(options: LogFileOptions): LogFile {
  const { dir } = options
  const path = join(dir, options.name ?? 'main.log')
  const maxBytes = options.maxBytes ?? LOG_FILE_MAX_BYTES
  const files = options.files ?? LOG_FILES_KEPT
  const maxPending = options.maxPendingBytes ?? LOG_PENDING_MAX_BYTES
  const now = options.now ?? Date.now
  makePrivateDirSync(dir)
  makePrivateFileSync(path)
  let size = statSync(path).size
  let pending: string[] = []
  let pendingBytes = 0
  let dropped = 0
  let writing: Promise<void> | null = null
  let closed = false

  const rotated = (index: number) => `${path}.${index}`

  /** What is queued, each line with its line break, emptying the queue. */
  function take(): string[] {
    const lines = pending.map((line) => `${line}\n`)
    if (dropped > 0) {
      lines.push(`${new Date(now()).toISOString()} warn ${dropped} log lines were dropped: the log could not be written fast enough\n`)
      dropped = 0
    }
    pending = []
    pendingBytes = 0
    return lines
  }

  async function rotate(): Promise<void> {
    await rm(rotated(files - 1), { force: true })
    for (let index = files - 2; index >= 1; index--) await rename(rotated(index), rotated(index + 1)).catch(ignoreMissing)
    await rename(path, rotated(1)).catch(ignoreMissing)
    size = 0
  }

  function rotateSync(): void {
    rmSync(rotated(files - 1), { force: true })
    for (let index = files - 2; index >= 1; index--) {
      try {
        renameSync(rotated(index), rotated(index + 1))
      } catch (error) {
        ignoreMissing(error)
      }
    }
    try {
      renameSync(path, rotated(1))
    } catch (error) {
      ignoreMissing(error)
    }
    size = 0
  }

  async function drain(): Promise<void> {
    while (pending.length > 0 || dropped > 0) {
      try {
        for (const part of splitForRotation(take(), size, maxBytes)) {
          if (part.rotateFirst) await rotate()
          await appendFile(path, part.text, { mode: PRIVATE_FILE_MODE })
          size += part.bytes
        }
      } catch {
        // Logging must never take the app down; the lines are lost, the app goes on.
      }
    }
    writing = null
  }

  function writeSync(lines: string[]): void {
    try {
      for (const part of splitForRotation(lines, size, maxBytes)) {
        if (part.rotateFirst) rotateSync()
        appendFileSync(path, part.text, { mode: PRIVATE_FILE_MODE })
        size += part.bytes
      }
    } catch {
      // As in `drain`: never fatal.
    }
  }

  async function flush(): Promise<void> {
    while (writing !== null) await writing
  }

  return {
    dir,
    path,
    write(line) {
      if (closed) {
        writeSync([`${line}\n`])
        return
      }
      const bytes = line.length + 1
      if (pendingBytes + bytes > maxPending) {
        dropped += 1
        return
      }
      pending.push(line)
      pendingBytes += bytes
      writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain)
    },
    flush,
    flushSync() {
      if (pending.length > 0 || dropped > 0) writeSync(take())
    },
    async lastLines(count) {
      await flush()
      const lines: string[] = []
      for (let index = 0; index < files && lines.length < count; index++) {
        const older = await tailLines(index === 0 ? path : rotated(index), count - lines.length)
        lines.unshift(...older)
      }
      return lines
    },
    async close() {
      await flush()
      closed = true
    }
  }
}

/**
 * Cuts a batch of lines where the file reaches `maxBytes`: each part is appended after a rotation
 * when `rotateFirst`, so no file grows past the limit (but a single line longer than it, alone).
 */
export function splitForRotation(
  lines: readonly string[],
  size: number,
  maxBytes: number
): { rotateFirst: boolean; text: string; bytes: number }[] {
  const parts: { rotateFirst: boolean; text: string; bytes: number }[] = []
  let current = { rotateFirst: false, text: '', bytes: 0 }
  let fileBytes = size
  for (const line of lines) {
    const bytes = Buffer.byteLength(line)
    if (fileBytes > 0 && fileBytes + bytes > maxBytes) {
      if (current.bytes > 0) parts.push(current)
      current = { rotateFirst: true, text: '', bytes: 0 }
      fileBytes = 0
    }
    current.text += line
    current.bytes += bytes
    fileBytes += bytes
  }
  if (current.bytes > 0) parts.push(current)
  return parts
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
}

/** The last `count` lines of a file, read from its end a block at a time; none when it does not exist. */
async function tailLines(path: string, count: number): Promise<string[]> {
  let handle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    ignoreMissing(error)
    return []
  }
  try {
    const { size } = await handle.stat()
    const blocks: Buffer[] = []
    let start = size
    let newlines = 0
    // One more line break than lines wanted: the first line read may be cut in the middle.
    while (start > 0 && newlines <= count + 1) {
      const from = Math.max(0, start - TAIL_BLOCK_BYTES)
      const block = Buffer.alloc(start - from)
      await handle.read(block, 0, block.length, from)
      blocks.unshift(block)
      for (const byte of block) if (byte === 10) newlines += 1
      start = from
    }
    // Decoded once, whole: a block boundary may fall inside a character.
    const lines = Buffer.concat(blocks).toString('utf8').split('\n')
    if (start > 0) lines.shift()
    return lines.filter((line) => line !== '').slice(-count)
  } finally {
    await handle.close()
  }
}
