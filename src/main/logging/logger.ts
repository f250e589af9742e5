/**
 * The one logger main uses. Every line passes through redaction: secrets and tokens that the
 * services registered with `redact()` are replaced before anything is written, so a stack trace
 * or an echoed server body cannot leak them.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  /** Registers a value that must never appear in a log line. */
  redact(secret: string): void
}

export type LogSink = (line: string) => void

const REDACTED = '[redacted]'

export function createLogger(sink: LogSink): Logger {
  const secrets = new Set<string>()

  function scrub(text: string): string {
    let out = text
    for (const secret of secrets) out = out.split(secret).join(REDACTED)
    return out
  }

  function write(level: string, message: string, fields?: Record<string, unknown>): void {
    const rendered = fields === undefined ? '' : ` ${safeStringify(fields)}`
    sink(scrub(`${new Date().toISOString()} ${level} ${message}${rendered}`))
  }

  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    redact(secret) {
      // Very short values would redact ordinary words; real secrets and tokens are long.
      if (secret.length >= 6) secrets.add(secret)
    }
  }
}

function safeStringify(fields: Record<string, unknown>): string {
  try {
    return JSON.stringify(fields, (_key, value: unknown) =>
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value
    )
  } catch {
    return '[unserializable fields]'
  }
}

/** A logger that records lines in memory: for tests that assert what was (and was not) logged. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return Object.assign(createLogger((line) => lines.push(line)), { lines })
}
