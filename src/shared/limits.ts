/**
 * The sizes the app accepts, written once: the contract's schemas, main's readers and the renderer's
 * early checks all import them from here.
 */

/** Stores one lookup takes. */
export const MAX_STORES_PER_LOOKUP = 500
/** Lines one lookup takes, and rows one imported file may have. */
export const MAX_JOB_LINES = 200_000
/**
 * Lookups running at once (starts, resumes and retries alike): a lookup of 200,000 values in many
 * stores already keeps the API's quota busy, so more at once would only split it and grow History
 * for nothing. Another is refused with a sentence, not queued: the person sees at once why it did
 * not start, and nothing runs later that nobody is watching.
 */
export const MAX_RUNNING_LOOKUPS = 2
/** An imported file's size, in MB as people read it (the hint beside Import, and each refusal, say it). */
export const MAX_IMPORT_MB = 50
export const MAX_IMPORT_BYTES = MAX_IMPORT_MB * 1024 * 1024
export const MAX_IMPORT_COLUMNS = 1_000
export const MAX_IMPORT_CELL_CHARS = 1_000
/**
 * What the parts of a workbook that are read (its first sheet, shared strings, styles) may unpack to:
 * a zip compresses repeated XML a hundredfold, so the file size alone bounds nothing.
 */
export const MAX_XLSX_UNPACKED_BYTES = 512 * 1024 * 1024
/**
 * Entries of a workbook's shared-strings list (the texts its cells point to). A real entry takes 20
 * bytes of XML or more, so the 512 MB of parts read hold fewer than this; more means mostly empty
 * entries, a file made to spend the import's time and memory.
 */
export const MAX_XLSX_SHARED_STRINGS = 20_000_000
/** One value to look up: longer is no GTIN or item number. */
export const MAX_INPUT_CHARS = 200
/** Row numbers a summary lists for skipped rows; the count is always exact. */
export const MAX_LISTED_ROWS = 1_000
/**
 * Reading one file stops after this much processor time of the thread reading it, whatever its
 * shape: a file made to cost time is refused. Processor time, not the wall clock: on a busy machine
 * a valid 46 MB workbook took more than 30 s by the clock while needing far less work.
 */
export const MAX_IMPORT_CPU_SECONDS = 30
/** A draft of values not run yet larger than this is not kept (about 200,000 values of 40 characters). */
export const MAX_DRAFT_CHARS = 8_000_000
/** Log lines "Copy diagnostics" carries (Settings says how many). */
export const DIAGNOSTICS_LOG_LINES = 200
