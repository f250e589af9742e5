import { createRedactor, type Redactor } from '../security/redactor'

/**
 * The one logger main uses. Every line passes through the process's redactor before it is
 * written: the message and the fields are redacted before they are serialized (so JSON escaping
 * cannot hide a secret), and the finished line once more.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  /** Registers a secret or token that must never appear in anything main sends out. */
  redact(secret: string): void
  /** The redactor the logger writes through; the composition root sends IPC replies, events and exports through it too. */
  readonly redactor: Redactor
}

export type LogSink = (line: string) => void

export function createLogger(sink: LogSink, redactor: Redactor = createRedactor()): Logger {
  function write(level: string, message: string, fields?: Record<string, unknown>): void {
    const rendered = fields === undefined ? '' : ` ${safeStringify(redactor.value(fields))}`
    sink(redactor.text(`${new Date().toISOString()} ${level} ${redactor.text(message)}${rendered}`))
  }

  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    redact: (secret) => redactor.remember(secret),
    redactor
  }
}

function safeStringify(fields: unknown): string {
  try {
    return JSON.stringify(fields)
  } catch {
    return '[unserializable fields]'
  }
}

/** A logger that records lines in memory: for tests that assert what was (and was not) logged. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return Object.assign(
    createLogger((line) => lines.push(line)),
    { lines }
  )
}
