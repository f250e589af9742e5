/** How large the log may grow, and how much of it a support request carries. */

/** `main.log` is rotated when the next write would take it past this. */
export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024
/** Files kept: `main.log`, `main.log.1` and `main.log.2`; the oldest goes at each rotation. */
export const LOG_FILES_KEPT = 3
/**
 * Lines waiting for the disk, at most: past this (a disk that stopped answering, a loop logging
 * flat out) lines are dropped and counted, and the log says how many, rather than growing memory.
 */
export const LOG_PENDING_MAX_BYTES = 1024 * 1024
/** A longer log line is cut in the diagnostics (a stack trace serialised in one line, say). */
export const DIAGNOSTICS_LINE_CHARS = 2_000
