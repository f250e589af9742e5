/**
 * The one redaction every text leaving main goes through: IPC results and events, log lines, the
 * headless command's output and exports. It removes every secret and token main has handled, in
 * the forms a server or a serializer turns them into, and any value that follows a credential's
 * name (`client_secret=`, `"access_token":`, `Authorization:`), known or not, whatever its length.
 */
export const REDACTED = '[redacted]'

export interface Redactor {
  /** From now on, `value` (a client secret or a token) is removed wherever it appears. */
  remember(value: string): void
  text(text: string): string
  /** A copy of `value` with every string (and object key) redacted; parts without secrets are shared, not copied. */
  value<T>(value: T): T
  /**
   * UTF-8 JSON that main hands on without decoding it (a page of results): the same bytes when the
   * text holds nothing a redaction could change, which is a scan rather than a parse; otherwise
   * parsed, redacted as `value` does, and encoded again. Whatever wrote the bytes, nothing passes
   * unredacted.
   */
  json(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>
  /** The remembered values, so a worker thread can build a redactor that knows the same. */
  known(): readonly string[]
  /**
   * How many values are remembered. Values are only ever added, so while this is unchanged a
   * thread told the first `knownCount()` of `known()` knows them all, and nothing is copied.
   */
  knownCount(): number
}

/** Below this length a remembered value is removed only where it stands alone, so short secrets do not eat words. */
const ANYWHERE_MIN_LENGTH = 8
const MAX_DEPTH = 64

const CREDENTIAL_NAME = String.raw`(?:client[_-]?secret|access[_-]?token|refresh[_-]?token|id[_-]?token|authorization)`
/** A name's closing quote (plain, JSON-escaped or as an XML entity), the separator, and an opening quote. */
const CREDENTIAL_SEPARATOR = String.raw`(?:\\*["']|&quot;)?\s*(?:=|:|%3[DdAa]|>)\s*(?:\\*["']|&quot;)?`
/** `Bearer abc`, `Basic abc=`, or the bare value, which stops where a quote, tag, parameter or field ends. */
const AUTH_SCHEME = String.raw`(?:(?:Bearer|Basic|Token|Digest)\s+)?`
const CREDENTIAL_VALUE = String.raw`[^\s"'&<>,;}\]\\]+`
const CREDENTIAL_PATTERN = new RegExp(`(${CREDENTIAL_NAME}${CREDENTIAL_SEPARATOR}${AUTH_SCHEME})${CREDENTIAL_VALUE}`, 'gi')
/** Most texts name no credential: one cheap test spares them the full pattern. */
const MAY_NAME_CREDENTIAL = /secret|token|authori/i
/** What follows a closing XML tag (`</client_secret> was sent`) is no value. */
const CLOSING_TAG_BEFORE = /<\/(?:[\w.-]+:)?$/
/**
 * Short texts come back again and again (the keys of every result, statuses, store and location
 * names): their redacted form is kept until a new value is remembered, so a page of 1,000 results
 * does not run the patterns over the same words thousands of times.
 */
const MEMO_MAX_LENGTH = 64
const MEMO_MAX_ENTRIES = 20_000
/**
 * Text of digits and the separators of numbers, store and value pairs and times (`1234:00012345678905`,
 * `2025-03-14T10:00:00.000Z`): nearly every such text is new (values, pairs, times), so the memo would
 * only fill with them and be cleared, and no credential's name fits in it. Only a remembered value
 * whose form is such a text could be in one: while none is, these texts pass as they are.
 */
const NUMERIC_TEXT = /^[0-9:.,/+\- TZ]*$/

/** `memo`: the redacted forms of short texts, by text; a test passes its own to see what is kept. */
export function createRedactor(initial: Iterable<string> = [], memo = new Map<string, string>()): Redactor {
  const remembered = new Set<string>()
  let literals: RegExp | null = null
  let presence: RegExp | null = null
  let numericRemembered = false
  let dirty = false

  function remember(value: string): void {
    if (value === '' || remembered.has(value)) return
    remembered.add(value)
    dirty = true
    memo.clear()
  }
  for (const value of initial) remember(value)

  function literalPattern(): RegExp | null {
    if (dirty) {
      literals = buildLiteralPattern(remembered)
      presence = buildPresencePattern(remembered)
      numericRemembered = [...remembered].some((value) => encodedForms(value).some((form) => form !== '' && NUMERIC_TEXT.test(form)))
      dirty = false
    }
    return literals
  }

  /** True when a redaction could change something in `input`: a credential's name, or any form of a remembered value, even inside a longer word or an escape. */
  function mayChange(input: string): boolean {
    if (MAY_NAME_CREDENTIAL.test(input)) return true
    literalPattern()
    return presence !== null && presence.test(input)
  }

  function text(input: string): string {
    if (NUMERIC_TEXT.test(input)) {
      literalPattern()
      if (!numericRemembered) return input
    }
    if (input.length > MEMO_MAX_LENGTH) return redactText(input)
    const known = memo.get(input)
    if (known !== undefined) return known
    const redacted = redactText(input)
    if (memo.size >= MEMO_MAX_ENTRIES) memo.clear()
    memo.set(input, redacted)
    return redacted
  }

  function redactText(input: string): string {
    const named = MAY_NAME_CREDENTIAL.test(input)
      ? input.replace(CREDENTIAL_PATTERN, (match: string, prefix: string, offset: number) =>
          CLOSING_TAG_BEFORE.test(input.slice(Math.max(0, offset - 40), offset)) ? match : `${prefix}${REDACTED}`
        )
      : input
    const pattern = literalPattern()
    return pattern === null ? named : named.replace(pattern, REDACTED)
  }

  function value<T>(input: T): T {
    return redactDeep(input, text, 0, new Set()) as T
  }

  function json(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
    const input = new TextDecoder().decode(bytes)
    if (!mayChange(input)) return bytes
    return new TextEncoder().encode(JSON.stringify(value(JSON.parse(input) as unknown)))
  }

  return { remember, text, value, json, known: () => [...remembered], knownCount: () => remembered.size }
}

function redactDeep(input: unknown, text: (value: string) => string, depth: number, path: Set<object>): unknown {
  if (typeof input === 'string') return text(input)
  if (typeof input !== 'object' || input === null) return input
  if (input instanceof Error) return redactDeep({ name: input.name, message: input.message, stack: input.stack }, text, depth, path)
  if (depth >= MAX_DEPTH || path.has(input)) return '[not shown]'
  path.add(input)
  try {
    if (Array.isArray(input)) {
      let copy: unknown[] | null = null
      for (let index = 0; index < input.length; index++) {
        const item: unknown = input[index]
        const redacted = redactDeep(item, text, depth + 1, path)
        if (redacted !== item) copy ??= input.slice()
        if (copy !== null) copy[index] = redacted
      }
      return copy ?? input
    }
    const prototype: unknown = Object.getPrototypeOf(input)
    // Byte arrays, dates, maps: data, not text a server wrote.
    if (prototype !== Object.prototype && prototype !== null) return input
    // Copied only from the first key or value that changes: a page of results is thousands of
    // objects with nothing to redact, and building entries for each of them was most of its cost.
    const record = input as Record<string, unknown>
    const keys = Object.keys(record)
    let copy: Record<string, unknown> | null = null
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string
      const item = record[key]
      const redactedKey = text(key)
      const redacted = redactDeep(item, text, depth + 1, path)
      if (copy === null && (redactedKey !== key || redacted !== item)) {
        copy = {}
        for (const earlier of keys.slice(0, index)) defineOwn(copy, earlier, record[earlier])
      }
      if (copy !== null) defineOwn(copy, redactedKey, redacted)
    }
    return copy ?? input
  } finally {
    path.delete(input)
  }
}

/** As `Object.fromEntries` sets it: a key named `__proto__` becomes an own property, not the prototype. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function buildLiteralPattern(values: ReadonlySet<string>): RegExp | null {
  const forms = new Set<string>()
  for (const value of values) for (const form of encodedForms(value)) if (form !== '') forms.add(form)
  if (forms.size === 0) return null
  // Longest first: at one position the longer form (e.g. the escaped one) wins over its own prefix.
  const alternatives = [...forms]
    .sort((a, b) => b.length - a.length)
    .map((form) => (form.length >= ANYWHERE_MIN_LENGTH ? escapeRegExp(form) : `(?<![A-Za-z0-9])${escapeRegExp(form)}(?![A-Za-z0-9])`))
  return new RegExp(alternatives.join('|'), 'g')
}

/** Every form of every value, wherever it stands: a superset of what `buildLiteralPattern` matches, to tell whether a text needs it at all. */
function buildPresencePattern(values: ReadonlySet<string>): RegExp | null {
  const forms = new Set<string>()
  for (const value of values) for (const form of encodedForms(value)) if (form !== '') forms.add(form)
  return forms.size === 0 ? null : new RegExp([...forms].map(escapeRegExp).join('|'))
}

/** The ways a value reaches text: as is, URL- and form-encoded, JSON-escaped (once and twice), XML-escaped, base64. */
export function encodedForms(value: string): string[] {
  const jsonEscaped = JSON.stringify(value).slice(1, -1)
  return [
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
    jsonEscaped,
    // Some serializers also escape `/` or everything outside ASCII.
    jsonEscaped.replace(/\//g, '\\/'),
    jsonEscaped.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
    JSON.stringify(jsonEscaped).slice(1, -1),
    xmlEscaped(value),
    ...base64Forms(value)
  ]
}

function xmlEscaped(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/**
 * Base64 of the value at each of the three byte alignments it can have inside a longer encoded
 * text (e.g. `Basic base64(id:secret)`), keeping only the characters that depend on the value alone.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8')
  const forms: string[] = [bytes.toString('base64'), bytes.toString('base64url')]
  for (const offset of [0, 1, 2]) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '')
    const skip = [0, 2, 3][offset] ?? 0
    const total = offset + bytes.length
    const core = shifted.slice(skip, total % 3 === 0 ? shifted.length : -1)
    if (core.length < ANYWHERE_MIN_LENGTH) continue
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return forms
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
