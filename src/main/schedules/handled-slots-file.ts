import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../files/atomic-write'
import { makePrivateDir } from '../files/private-files'
import { readBoundedFile } from '../files/read-bounded-file'
import type { Logger } from '../logging/logger'
import type { HandledSlot, HandledSlotStore } from './handled-slots'

export const HANDLED_SLOTS_FILE_NAME = 'schedule-slots.json'
/** A mark takes about 150 bytes: room for thousands of watchlists, and a bound on what is read. */
export const MAX_HANDLED_SLOTS_FILE_BYTES = 1024 * 1024
const MAX_WATCHLIST_ID_CHARS = 200
const MAX_SCHEDULE_KEY_CHARS = 1000
const FILE_VERSION = 1

const handledSlotSchema = z.object({
  through: z.number().int().min(0).max(8.64e15),
  local: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    .nullable(),
  scheduleKey: z.string().max(MAX_SCHEDULE_KEY_CHARS)
}) satisfies z.ZodType<HandledSlot>

const handledSlotsFileSchema = z.object({
  version: z.literal(FILE_VERSION),
  watchlists: z.record(z.string().min(1).max(MAX_WATCHLIST_ID_CHARS), handledSlotSchema)
})

export interface HandledSlotsFileOptions {
  /** The app's data folder. */
  dir: string
  log: Pick<Logger, 'warn'>
}

/**
 * The scheduler's marks in `<dir>/schedule-slots.json`, 0600, written whole and atomically after
 * each change (changes made while a write is going on go out together in the next one). A file
 * that cannot be used (unreadable, too large, not JSON, not marks) is logged and read as no marks:
 * each schedule then starts from now, which runs nothing twice and only loses the runs of slots
 * missed while the app was closed. The next write replaces it.
 */
export function createHandledSlotsFile({ dir, log }: HandledSlotsFileOptions): HandledSlotStore {
  const path = join(dir, HANDLED_SLOTS_FILE_NAME)
  const marks = new Map<string, HandledSlot>()
  let loaded: Promise<void> | null = null
  /** The write that has not begun yet, which a change made now joins. */
  let nextWrite: Promise<void> | null = null
  let writes: Promise<void> = Promise.resolve()

  function ensureLoaded(): Promise<void> {
    loaded ??= readMarks(path, log).then((read) => {
      for (const [id, mark] of read) if (!marks.has(id)) marks.set(id, mark)
    })
    return loaded
  }

  function persist(): Promise<void> {
    if (nextWrite !== null) return nextWrite
    const write = writes.then(async () => {
      nextWrite = null
      const file = { version: FILE_VERSION, watchlists: Object.fromEntries(marks) }
      await makePrivateDir(dir)
      await writeFileAtomic(path, `${JSON.stringify(file)}\n`)
    })
    nextWrite = write
    writes = write.catch(() => undefined)
    return write
  }

  return {
    async load() {
      await ensureLoaded()
      return new Map(marks)
    },
    async save(watchlistId, handled) {
      // A save before the first load keeps the marks already in the file.
      await ensureLoaded()
      marks.set(watchlistId, { ...handled })
      await persist()
    },
    async forget(watchlistId) {
      await ensureLoaded()
      if (!marks.delete(watchlistId)) return
      await persist()
    }
  }
}

async function readMarks(path: string, log: Pick<Logger, 'warn'>): Promise<Map<string, HandledSlot>> {
  let text: string
  try {
    const read = await readBoundedFile(path, MAX_HANDLED_SLOTS_FILE_BYTES)
    if (read === null) return new Map()
    if (read === 'too_large') {
      log.warn('the schedules file is larger than the app reads; schedules start from now', {
        path,
        maxBytes: MAX_HANDLED_SLOTS_FILE_BYTES
      })
      return new Map()
    }
    text = read
  } catch (error) {
    log.warn('the schedules file could not be read; schedules start from now', { path, error })
    return new Map()
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    log.warn('the schedules file is not JSON; schedules start from now', { path })
    return new Map()
  }
  const parsed = handledSlotsFileSchema.safeParse(json)
  if (!parsed.success) {
    log.warn('the schedules file does not hold schedule marks; schedules start from now', { path, issues: parsed.error.issues.slice(0, 3) })
    return new Map()
  }
  return new Map(Object.entries(parsed.data.watchlists))
}
