import { z } from 'zod'
import { watchlistDefinitionSchema, type WatchlistDefinition } from './watchlist'

/**
 * A watchlist as a file a colleague can import: the definition only (no id, no runs). An imported
 * file is read as anything a stranger could have written: size bounded before it is parsed, every
 * field checked, and what is wrong said in one sentence.
 */

export const WATCHLIST_FILE_FORMAT = 'store-inventory-lookup/watchlist'
export const WATCHLIST_FILE_VERSION = 1
/** 200,000 values with a few columns each fit well inside this; a larger file is no watchlist. */
export const MAX_WATCHLIST_FILE_BYTES = 64 * 1024 * 1024

const envelopeSchema = z.object({
  format: z.literal(WATCHLIST_FILE_FORMAT),
  version: z.number(),
  watchlist: z.unknown()
})

export type WatchlistFileCheck = { ok: true; definition: WatchlistDefinition } | { ok: false; message: string }

export function watchlistFileText(definition: WatchlistDefinition): string {
  return `${JSON.stringify({ format: WATCHLIST_FILE_FORMAT, version: WATCHLIST_FILE_VERSION, watchlist: definition }, null, 1)}\n`
}

export function readWatchlistFile(bytes: Uint8Array): WatchlistFileCheck {
  if (bytes.byteLength > MAX_WATCHLIST_FILE_BYTES) {
    return { ok: false, message: 'That file is larger than 64 MB, so it is no watchlist; choose a file exported from Watchlists.' }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return { ok: false, message: 'That file is not a watchlist (it is not JSON text); choose a file exported from Watchlists.' }
  }
  const envelope = envelopeSchema.safeParse(parsed)
  if (!envelope.success) {
    return { ok: false, message: 'That file is not a watchlist exported from this app; choose a file exported from Watchlists.' }
  }
  if (envelope.data.version !== WATCHLIST_FILE_VERSION) {
    return { ok: false, message: 'That watchlist was exported by a newer version of the app; update the app to import it.' }
  }
  const definition = watchlistDefinitionSchema.safeParse(envelope.data.watchlist)
  if (!definition.success) {
    const issue = definition.error.issues[0]
    const message = issue?.message ?? 'its contents are not valid'
    return { ok: false, message: `That watchlist cannot be imported: ${lowerFirst(message)}` }
  }
  return { ok: true, definition: definition.data }
}

function lowerFirst(text: string): string {
  const sentence = text.endsWith('.') ? text : `${text}.`
  return sentence.charAt(0).toLowerCase() + sentence.slice(1)
}
