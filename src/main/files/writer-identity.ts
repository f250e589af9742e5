import { readFileSync } from 'node:fs'

/**
 * Which process wrote a temporary file, recorded so that a later start can tell for sure whether
 * it is still running. A pid alone cannot: a killed process nobody has reaped (a zombie; for ever
 * in a container whose first process never reaps) still answers `kill(pid, 0)`, and a pid is
 * reused by unrelated programs. On Linux the writer also records its start time (clock ticks after
 * boot, `/proc/<pid>/stat` field 22): a process with that pid, not a zombie, started at that tick
 * is the writer. Elsewhere (macOS, Windows) there is no `/proc`, and the pid alone is what there is.
 */
export interface WriterId {
  pid: number
  /** The writer's start time as `/proc/<pid>/stat` gives it; null where there is none, or for names an older version wrote. */
  start: string | null
}

export interface ProcStat {
  /** `R`, `S`, `D`, ...; `Z` for a zombie, `X` for a process being removed. */
  state: string
  start: string
}

/** How a process is looked at; the system's by default, a test's own to play Windows or a missing `/proc`. */
export interface ProcessProbe {
  /** The text of `/proc/<pid>/stat`; null when there is no such process; undefined when the system has no `/proc`. */
  readStat(pid: number): string | null | undefined
  /** Whether `kill(pid, 0)` finds the process (or one with that pid owned by someone else). */
  signalReaches(pid: number): boolean
}

/**
 * The fields of a `/proc/<pid>/stat` line. The command name (field 2) is in parentheses and may
 * hold spaces and parentheses itself, so the fields are counted from the last `)`.
 */
export function parseProcStat(text: string): ProcStat | null {
  const close = text.lastIndexOf(')')
  if (close === -1) return null
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/)
  // After the name: state is field 3, start time field 22.
  const state = fields[0]
  const start = fields[19]
  if (state === undefined || start === undefined || !/^\d+$/.test(start)) return null
  return { state, start }
}

const systemProbe: ProcessProbe = {
  readStat(pid) {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT' || code === 'ESRCH') return procExists() ? null : undefined
      return undefined
    }
  },
  signalReaches(pid) {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      // EPERM: the process exists but belongs to someone else.
      return (error as NodeJS.ErrnoException).code === 'EPERM'
    }
  }
}

let hasProc: boolean | null = null
function procExists(): boolean {
  if (hasProc === null) {
    try {
      readFileSync('/proc/self/stat', 'utf8')
      hasProc = true
    } catch {
      hasProc = false
    }
  }
  return hasProc
}

let self: WriterId | null = null

/** This process, as its temporary files and journal record it. */
export function currentWriter(): WriterId {
  if (self === null) {
    const text = systemProbe.readStat(process.pid)
    self = { pid: process.pid, start: typeof text === 'string' ? (parseProcStat(text)?.start ?? null) : null }
  }
  return self
}

/**
 * Whether the writer is still running. With `/proc`: a process with its pid exists, is not a
 * zombie, and (when the writer recorded one) started when the writer did. Without: its pid answers
 * a signal, which is the best those systems offer without more machinery.
 */
export function isWriterRunning(writer: WriterId, probe: ProcessProbe = systemProbe): boolean {
  const text = probe.readStat(writer.pid)
  if (text === undefined) return writer.pid === process.pid || probe.signalReaches(writer.pid)
  if (text === null) return false
  const stat = parseProcStat(text)
  if (stat === null) return true
  if (stat.state === 'Z' || stat.state === 'X') return false
  return writer.start === null || writer.start === stat.start
}

/** `4242` or `4242-1234567`: how a writer is written into a file name. */
export function writerTag(writer: WriterId): string {
  return writer.start === null ? String(writer.pid) : `${writer.pid}-${writer.start}`
}
