import { randomUUID } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../shared/domain/app-error'
import {
  MAX_WATCHLISTS,
  watchlistDefinitionSchema,
  watchlistRecordSchema,
  type Watchlist,
  type WatchlistDefinition,
  type WatchlistLastRun,
  type WatchlistRecord
} from '../../shared/watchlists/watchlist'
import { MAX_WATCHLIST_FILE_BYTES } from '../../shared/watchlists/watchlist-file'
import { writeFileAtomic } from '../files/atomic-write'
import { makePrivateDir } from '../files/private-files'
import { readBoundedFile } from '../files/read-bounded-file'
import type { Logger } from '../logging/logger'

export const WATCHLISTS_DIR_NAME = 'watchlists'
const INDEX_FILE_NAME = 'index.json'
/** A record takes well under 2 KB (a list of 500 stores the most): room for every watchlist kept, and a bound on what is read. */
const MAX_INDEX_BYTES = MAX_WATCHLISTS * 8 * 1024
const INDEX_VERSION = 1

const indexSchema = z.object({ version: z.literal(INDEX_VERSION), watchlists: z.array(watchlistRecordSchema).max(MAX_WATCHLISTS) })

export const WATCHLIST_GONE_MESSAGE = 'That watchlist is no longer kept; it may have been deleted in another window.'
export const WATCHLIST_TOO_LARGE_MESSAGE =
  'This watchlist would take more than 64 MB, more than the app reads back; save fewer values, or import the file with fewer columns.'

/** The items file's text, refused when it is larger than `get` reads back: a watchlist saved that could never be opened is lost. */
function itemsText(definition: WatchlistDefinition): string {
  const text = JSON.stringify(definition)
  if (Buffer.byteLength(text) > MAX_WATCHLIST_FILE_BYTES) throw new AppError('invalid_input', WATCHLIST_TOO_LARGE_MESSAGE)
  return text
}

export interface WatchlistStore {
  /** In the order they were made. */
  list(): Promise<WatchlistRecord[]>
  get(id: string): Promise<Watchlist>
  create(definition: WatchlistDefinition): Promise<WatchlistRecord>
  update(id: string, definition: WatchlistDefinition): Promise<WatchlistRecord>
  remove(id: string): Promise<boolean>
  recordRun(id: string, lastRun: WatchlistLastRun): Promise<void>
}

/**
 * Watchlists in `<dir>/watchlists/`: an index of records (every field but the items, small enough
 * to read at once) and one file of items per watchlist, each 0600 and written atomically, the
 * items before the index that names them. Changes go one at a time. A damaged index is logged,
 * kept aside as `index.json.damaged` and read as no watchlists, rather than stopping the app.
 */
export function createWatchlistStore({ dir, now, log }: { dir: string; now: () => number; log: Pick<Logger, 'warn'> }): WatchlistStore {
  const folder = join(dir, WATCHLISTS_DIR_NAME)
  const indexPath = join(folder, INDEX_FILE_NAME)
  const itemsPath = (id: string) => join(folder, `${id}.json`)
  let records: Promise<WatchlistRecord[]> | null = null
  let changes: Promise<unknown> = Promise.resolve()

  function load(): Promise<WatchlistRecord[]> {
    records ??= readIndex(indexPath, log)
    return records
  }

  /** Runs `change` after every change before it, on the records as they are then. */
  function change<T>(apply: (current: WatchlistRecord[]) => Promise<T>): Promise<T> {
    const next = changes.then(async () => apply(await load()))
    changes = next.catch(() => undefined)
    return next
  }

  async function writeIndex(current: readonly WatchlistRecord[]): Promise<void> {
    await makePrivateDir(folder)
    await writeFileAtomic(indexPath, JSON.stringify({ version: INDEX_VERSION, watchlists: current }))
  }

  function find(current: readonly WatchlistRecord[], id: string): number {
    const index = current.findIndex((record) => record.id === id)
    if (index === -1) throw new AppError('not_found', WATCHLIST_GONE_MESSAGE)
    return index
  }

  function recordOf(id: string, definition: WatchlistDefinition, createdAt: string, lastRun: WatchlistLastRun | null): WatchlistRecord {
    const { items, ...rest } = definition
    return { id, ...rest, items: items.length, createdAt, updatedAt: new Date(now()).toISOString(), lastRun }
  }

  return {
    async list() {
      await changes
      return [...(await load())]
    },

    async get(id) {
      const record = (await load()).find((candidate) => candidate.id === id)
      if (record === undefined) throw new AppError('not_found', WATCHLIST_GONE_MESSAGE)
      const text = await readBoundedFile(itemsPath(id), MAX_WATCHLIST_FILE_BYTES)
      const parsed = typeof text === 'string' ? parseJson(text) : null
      const definition = watchlistDefinitionSchema.safeParse(parsed)
      if (!definition.success) {
        log.warn('a watchlist file could not be read', { id, problem: text === null ? 'missing' : 'damaged' })
        throw new AppError('internal', `The values of the watchlist "${record.name}" could not be read; import it again or delete it.`)
      }
      return { record, definition: definition.data }
    },

    create(definition) {
      return change(async (current) => {
        if (current.length >= MAX_WATCHLISTS) {
          throw new AppError('invalid_input', `At most ${MAX_WATCHLISTS} watchlists are kept; delete one first.`)
        }
        const text = itemsText(definition)
        const id = randomUUID()
        const stamp = new Date(now()).toISOString()
        const record = recordOf(id, definition, stamp, null)
        await makePrivateDir(folder)
        await writeFileAtomic(itemsPath(id), text)
        const next = [...current, record]
        await writeIndex(next)
        records = Promise.resolve(next)
        return record
      })
    },

    update(id, definition) {
      return change(async (current) => {
        const index = find(current, id)
        const old = current[index] as WatchlistRecord
        const record = recordOf(id, definition, old.createdAt, old.lastRun)
        await writeFileAtomic(itemsPath(id), itemsText(definition))
        const next = current.with(index, record)
        await writeIndex(next)
        records = Promise.resolve(next)
        return record
      })
    },

    remove(id) {
      return change(async (current) => {
        if (!current.some((record) => record.id === id)) return false
        const next = current.filter((record) => record.id !== id)
        await writeIndex(next)
        records = Promise.resolve(next)
        await rm(itemsPath(id), { force: true })
        return true
      })
    },

    recordRun(id, lastRun) {
      return change(async (current) => {
        const index = current.findIndex((record) => record.id === id)
        // Deleted while it ran: its run stays in History, there is no watchlist to mark.
        if (index === -1) return
        const next = current.with(index, { ...(current[index] as WatchlistRecord), lastRun })
        await writeIndex(next)
        records = Promise.resolve(next)
      })
    }
  }
}

async function readIndex(path: string, log: Pick<Logger, 'warn'>): Promise<WatchlistRecord[]> {
  let text: string | null | 'too_large'
  try {
    text = await readBoundedFile(path, MAX_INDEX_BYTES)
  } catch (error) {
    log.warn('the watchlists could not be read', { error })
    return []
  }
  if (text === null) return []
  const parsed = text === 'too_large' ? null : indexSchema.safeParse(parseJson(text))
  if (parsed?.success === true) return parsed.data.watchlists
  log.warn('the watchlists file is damaged and was set aside', { problem: text === 'too_large' ? 'too large' : 'not watchlists' })
  await setAside(path)
  return []
}

async function setAside(path: string): Promise<void> {
  await rename(path, `${path}.damaged`).catch(() => undefined)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
