import { z } from 'zod'
import { formatNumber } from '../format/numbers'
import { MAX_STORES_PER_LOOKUP } from '../limits'

/** The highest store number the API has been seen to accept; a store number is a whole number from 1 to this. */
export const MAX_STORE_NBR = 999_999
export { MAX_STORES_PER_LOOKUP }
/** Stores x distinct values of one lookup: beyond this a lookup would run for days and its results fill the disk. */
export const MAX_STORE_VALUE_PAIRS = 2_000_000

/** A store number as every boundary checks it (contract, settings, History reads). */
export const storeNumberSchema = z
  .number()
  .int('A store number is a whole number.')
  .min(1, 'A store number is 1 or more.')
  .max(MAX_STORE_NBR, `A store number is at most ${MAX_STORE_NBR}.`)

/** The stores of one lookup or one group: at least one, at most 500, each once. */
export const storesSchema = z
  .array(storeNumberSchema)
  .min(1, 'Enter at least one store.')
  .max(MAX_STORES_PER_LOOKUP, `One lookup takes at most ${MAX_STORES_PER_LOOKUP} stores.`)
  .refine((stores) => new Set(stores).size === stores.length, 'A store is listed twice; list each store once.')

export type StoreListCheck =
  | {
      ok: true
      /** In the order first given; a range adds its stores from low to high. */
      stores: number[]
      duplicatesRemoved: number
      /** Set when something was changed on the way, e.g. duplicates removed. */
      message: string | null
    }
  | { ok: false; message: string; bad: string[] }

/** A bad entry is named in the message with at most this many characters, so a pasted paragraph stays readable. */
const SHOWN_ENTRY_CHARS = 20
const SHOWN_BAD_ENTRIES = 5

/**
 * Splits a pasted store list on commas, semicolons and white space. A hyphen between two numbers
 * makes a range, also with spaces around it (`100 - 120`), but `100 -5` is a store and a negative
 * number, which is named as not a store number rather than read as the range 5-100.
 */
export function splitStoreList(text: string): string[] {
  return text
    .replace(/(\d)(?:[-–][ \t]*|[ \t]+[-–][ \t]+)(?=\d)/g, '$1-')
    .split(/[\s,;]+/)
    .filter((piece) => piece !== '')
}

export function parseStoreList(text: string): StoreListCheck {
  return parseStoreEntries(splitStoreList(text))
}

/** Each entry is one store (`1234`) or a range (`100-120`, or `120-100`: the same stores). */
export function parseStoreEntries(entries: readonly string[]): StoreListCheck {
  const ranges: Array<[number, number]> = []
  const bad: string[] = []
  for (const raw of entries) {
    const entry = raw.trim()
    if (entry === '') continue
    const range = readEntry(entry)
    if (range === null) bad.push(entry)
    else ranges.push(range)
  }
  if (bad.length > 0) return { ok: false, bad, message: badEntriesMessage(bad) }
  if (ranges.length === 0) {
    return { ok: false, bad: [], message: 'Enter a store number, or several separated by commas, such as 1234 or 100-120.' }
  }
  const distinct = unionSize(ranges)
  if (distinct > MAX_STORES_PER_LOOKUP) {
    return {
      ok: false,
      bad: [],
      message: `That is ${count(distinct)} stores; one lookup takes at most ${MAX_STORES_PER_LOOKUP}, so remove some or split the list into several lookups.`
    }
  }
  const seen = new Set<number>()
  const stores: number[] = []
  let listed = 0
  for (const [low, high] of ranges) {
    listed += high - low + 1
    // Every range lies inside the union checked above, so this loop runs at most 500 times per entry.
    for (let store = low; store <= high; store += 1) {
      if (!seen.has(store)) {
        seen.add(store)
        stores.push(store)
      }
    }
  }
  const duplicatesRemoved = listed - stores.length
  const message =
    duplicatesRemoved === 0
      ? null
      : duplicatesRemoved === 1
        ? 'One store was listed twice; it is looked up once.'
        : `${count(duplicatesRemoved)} stores were listed more than once; each is looked up once.`
  return { ok: true, stores, duplicatesRemoved, message }
}

/**
 * Said before Run: a lookup's searches grow with stores x values, and beyond the cap it would take
 * days and fill the disk. Null when the lookup is within the cap.
 */
export function lookupSizeProblem(stores: number, distinctValues: number): string | null {
  const pairs = stores * distinctValues
  if (pairs <= MAX_STORE_VALUE_PAIRS) return null
  return (
    `${count(stores)} ${stores === 1 ? 'store' : 'stores'} x ${count(distinctValues)} values makes ${count(pairs)} store and value pairs; ` +
    `one lookup takes at most ${count(MAX_STORE_VALUE_PAIRS)}, so use fewer stores or values.`
  )
}

/**
 * A list of stores as a person would type it: consecutive runs of three or more as ranges
 * (`100-120, 1234`), in the list's own order, so a group of a whole district reads in one line.
 */
export function formatStoreList(stores: readonly number[]): string {
  const parts: string[] = []
  for (let start = 0; start < stores.length;) {
    let end = start
    while (end + 1 < stores.length && stores[end + 1] === (stores[end] as number) + 1) end += 1
    const first = stores[start] as number
    if (end - start >= 2) parts.push(`${first}-${stores[end] as number}`)
    else for (let index = start; index <= end; index += 1) parts.push(String(stores[index]))
    start = end + 1
  }
  return parts.join(', ')
}

export function isStoreNumber(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_STORE_NBR
}

function readEntry(entry: string): [number, number] | null {
  const match = /^(\d+)(?:-(\d+))?$/.exec(entry)
  if (match === null) return null
  const first = Number(match[1])
  const last = match[2] === undefined ? first : Number(match[2])
  if (!isStoreNumber(first) || !isStoreNumber(last)) return null
  return first <= last ? [first, last] : [last, first]
}

function unionSize(ranges: ReadonlyArray<readonly [number, number]>): number {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  let total = 0
  let end = 0
  for (const [low, high] of sorted) {
    if (high <= end) continue
    total += high - Math.max(low, end + 1) + 1
    end = high
  }
  return total
}

function badEntriesMessage(bad: readonly string[]): string {
  const shown = bad.slice(0, SHOWN_BAD_ENTRIES).map((entry) => `"${shorten(entry)}"`)
  const more = bad.length - shown.length
  if (bad.length === 1) {
    return `${shown[0] ?? ''} is not a store number; use a whole number from 1 to ${MAX_STORE_NBR}, or a range such as 100-120.`
  }
  const named = more > 0 ? `${shown.join(', ')} and ${count(more)} more` : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`
  return `${named} are not store numbers; use whole numbers from 1 to ${MAX_STORE_NBR}, or ranges such as 100-120.`
}

function shorten(entry: string): string {
  return entry.length <= SHOWN_ENTRY_CHARS ? entry : `${entry.slice(0, SHOWN_ENTRY_CHARS - 1)}…`
}

function count(value: number): string {
  return formatNumber(value)
}
