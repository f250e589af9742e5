import type { Logger } from './logger'

/** One of Electron's processes that ended, as Electron's `child-process-gone` reports it. */
export interface GoneProcess {
  /** Electron's process type: `GPU`, `Utility`, `Zygote`, ... */
  type: string
  /** `clean-exit`, `crashed`, `oom`, `killed`, `launch-failed`, `integrity-failure`, `abnormal-exit`, `memory-eviction`. */
  reason: string
  exitCode: number
  /** The utility process's name (`Network Service`, ...), when Electron gives one. */
  name?: string | undefined
}

/** Longest process type, reason or name the log keeps: they come from Electron, but a log line stays short. */
const MAX_FIELD = 80

const bounded = (text: string): string => text.slice(0, MAX_FIELD)

/**
 * Logs a process that ended (its type, name, reason and exit code, bounded; the logger redacts) and
 * gives the sentence for the window, with a reload offered; null for a process that ended cleanly,
 * which is not a problem.
 */
export function reportGoneProcess(log: Pick<Logger, 'warn' | 'info'>, gone: GoneProcess): { message: string; reload: true } | null {
  const fields = {
    type: bounded(gone.type),
    reason: bounded(gone.reason),
    exitCode: gone.exitCode,
    ...(gone.name === undefined ? {} : { name: bounded(gone.name) })
  }
  if (gone.reason === 'clean-exit') {
    log.info('a process of the app ended', fields)
    return null
  }
  log.warn('a process of the app stopped unexpectedly', fields)
  const part = gone.name === undefined ? `its ${fields.type} process` : `its ${fields.name} process`
  return {
    message: `A part of the app (${part}) stopped unexpectedly; if the window looks wrong, reload it.`,
    reload: true
  }
}
