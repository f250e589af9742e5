import type { InventoryItem } from './line-result'

/**
 * When the API last updated an item's stock, as it says with the answer (`lastUpdatedTime`, an ISO
 * timestamp in UTC). Kept as ISO text in UTC (`2026-11-22T10:00:00.000Z`), so such times sort as
 * text and every file writes the same instant whatever the computer's zone.
 */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i
/** Longer than any ISO timestamp: a longer value is not one, and is not read further. */
const MAX_TIMESTAMP_CHARS = 40

/** `lastUpdatedTime` as ISO text in UTC; null when it is missing or is not an ISO timestamp (never an error: the figures stand without it). */
export function parseLastUpdatedTime(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_TIMESTAMP_CHARS) return null
  const text = value.trim()
  const zoned = ISO_TIMESTAMP.exec(text)
  if (zoned === null) return null
  // The API documents its times as UTC: one without a zone is read as UTC, not as the computer's time.
  const time = Date.parse(zoned[3] === undefined ? `${text}Z` : text)
  return Number.isFinite(time) ? new Date(time).toISOString() : null
}

/**
 * An item's as-of time. Items answered before the app read it (History keeps each item as the
 * server sent it, in `raw`) are read from `raw`, so older lookups show it too without a migration.
 */
export function itemAsOf(item: InventoryItem | undefined): string | null {
  if (item === undefined) return null
  if (item.last_updated_time !== undefined) return item.last_updated_time
  const raw = item.raw
  return typeof raw === 'object' && raw !== null ? parseLastUpdatedTime((raw as { lastUpdatedTime?: unknown }).lastUpdatedTime) : null
}

/** The earliest and latest as-of times of a lookup's answers. */
export interface AsOfRange {
  readonly earliest: string
  readonly latest: string
}

/** `range` widened by `asOf` (null: unchanged); ISO texts in UTC compare as the instants they name. */
export function widenAsOf(range: AsOfRange | null, asOf: string | null): AsOfRange | null {
  if (asOf === null) return range
  if (range === null) return { earliest: asOf, latest: asOf }
  if (asOf < range.earliest) return { earliest: asOf, latest: range.latest }
  if (asOf > range.latest) return { earliest: range.earliest, latest: asOf }
  return range
}
