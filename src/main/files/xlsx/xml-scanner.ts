/**
 * A small streaming XML scanner for the parts of a workbook: elements, attributes, text, CDATA and
 * the five named entities plus character references. A document type declaration is refused
 * outright, which is what keeps entity tricks (XXE, "billion laughs") out: no entity is ever
 * declared, so none can be expanded. Text is handed out in pieces as it arrives, so a huge text
 * node never has to be held; the handler keeps what it needs, up to its own limits.
 */

export interface XmlHandler {
  /** `name` without its namespace prefix; `attributes` is the raw attribute text, read with `attribute()`. */
  open(name: string, attributes: string, selfClosing: boolean): void
  close(name: string): void
  text(piece: string): void
}

export interface XmlScanner {
  write(chunk: string): void
  end(): void
}

export interface XmlScanOptions {
  /**
   * Called after every `checkpointEvery` markup items (tags, comments, processing instructions,
   * CDATA), whatever they are: a part of a hundred million empty tags must still reach the import's
   * deadline, which per-row checks never do. It stops the scan by throwing.
   */
  checkpoint?: () => void
  checkpointEvery?: number
}

/** Markup items between checkpoints: about a millisecond of scanning, so a check costs nothing. */
export const XML_ITEMS_PER_CHECKPOINT = 4096

/** Malformed XML, or a construct the app refuses (a DOCTYPE). */
export class XmlFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'XmlFormatError'
  }
}

/** No tag, comment or processing instruction in a workbook comes near this; longer is not a workbook. */
const MAX_MARKUP_CHARS = 1024 * 1024
const LT = 60
const MAX_ENTITY_CHARS = 16

export function createXmlScanner(handler: XmlHandler, options: XmlScanOptions = {}): XmlScanner {
  let pending = ''
  const checkpoint = options.checkpoint ?? null
  const every = options.checkpointEvery ?? XML_ITEMS_PER_CHECKPOINT
  let items = 0

  function scan(final: boolean): void {
    const text = pending
    const length = text.length
    const ends = markupEnds(text)
    let i = 0
    while (i < length) {
      if (text.charCodeAt(i) !== LT) {
        const next = text.indexOf('<', i)
        if (next === -1) {
          // Hold back a possibly unfinished entity at the end (a short one); hand out the rest now.
          const amp = final ? -1 : text.lastIndexOf('&')
          const cut = amp >= Math.max(i, length - MAX_ENTITY_CHARS) && text.indexOf(';', amp) === -1 ? amp : length
          if (cut > i) handler.text(decodeEntities(text.slice(i, cut)))
          i = cut
          break
        }
        handler.text(decodeEntities(text.slice(i, next)))
        i = next
        continue
      }
      const end = ends(i)
      if (end === -1) break
      handleMarkup(text, i, end)
      i = end
    }
    pending = text.slice(i)
    if (pending.length > MAX_MARKUP_CHARS && pending.charCodeAt(0) === LT) throw new XmlFormatError('markup too long')
  }

  /** The markup from `start` to `end` (just past its `>`), read in place: a sheet has tens of millions of tags. */
  function handleMarkup(text: string, start: number, end: number): void {
    if (checkpoint !== null && ++items >= every) {
      items = 0
      checkpoint()
    }
    const second = text.charCodeAt(start + 1)
    if (second === 63 /* ? */) return
    if (second === 33 /* ! */) {
      if (text.startsWith('<!--', start)) return
      if (!text.startsWith('<![CDATA[', start)) throw new XmlFormatError('document type declarations are not accepted')
      handler.text(text.slice(start + 9, end - 3))
      return
    }
    if (second === 47 /* / */) {
      handler.close(localName(text.slice(start + 2, end - 1).trim()))
      return
    }
    const selfClosing = text.charCodeAt(end - 2) === 47
    const bodyEnd = selfClosing ? end - 2 : end - 1
    let nameEnd = start + 1
    while (nameEnd < bodyEnd && !isSpace(text.charCodeAt(nameEnd))) nameEnd += 1
    if (nameEnd === start + 1) throw new XmlFormatError('element without a name')
    handler.open(localName(text.slice(start + 1, nameEnd)), nameEnd < bodyEnd ? text.slice(nameEnd, bodyEnd) : '', selfClosing)
  }

  return {
    write(chunk) {
      pending += chunk
      scan(false)
    },
    end() {
      scan(true)
      if (pending.trim() !== '') throw new XmlFormatError('the document ends inside markup')
    }
  }
}

/**
 * For one chunk of text: where the markup starting at an index ends (just past it), or -1 when it
 * continues in the next chunk. Found with `indexOf` rather than a character at a time: a sheet is
 * hundreds of megabytes of markup. The next quote of each kind and the next `<` are remembered, as
 * a part may have none, and looking again at every tag would read to the end of the chunk each time.
 */
function markupEnds(text: string): (start: number) => number {
  const next = { '"': -2, "'": -2, '<': -2 }
  const nextOf = (character: keyof typeof next, from: number): number => {
    const known = next[character]
    if (known === -1 || known >= from) return known
    return (next[character] = text.indexOf(character, from))
  }
  const before = (at: number, stop: number) => at !== -1 && at < stop
  return (start) => {
    const second = text.charCodeAt(start + 1)
    if (second === 33 /* ! */ || second === 63 /* ? */) {
      if (text.startsWith('<!--', start)) return endAfter(text, start + 4, '-->')
      if (text.startsWith('<![CDATA[', start)) return endAfter(text, start + 9, ']]>')
      if (second === 63) return endAfter(text, start + 2, '?>')
    }
    // A `>` inside a quoted attribute value (number formats have them) does not end the tag.
    let from = start + 1
    for (;;) {
      const gt = text.indexOf('>', from)
      const stop = gt === -1 ? text.length : gt
      const double = nextOf('"', from)
      const single = nextOf("'", from)
      const quote = before(double, stop) && !before(single, double) ? double : before(single, stop) ? single : -1
      const lt = nextOf('<', from)
      if (before(lt, quote === -1 ? stop : quote)) throw new XmlFormatError('"<" inside a tag')
      if (quote === -1) return gt === -1 ? -1 : gt + 1
      const closing = text.indexOf(text.charAt(quote), quote + 1)
      if (closing === -1) return -1
      from = closing + 1
    }
  }
}

function endAfter(text: string, from: number, terminator: string): number {
  const at = text.indexOf(terminator, from)
  return at === -1 ? -1 : at + terminator.length
}

function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon === -1 ? name : name.slice(colon + 1)
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&([^;&\s]{0,12});/g, (_match, name: string) => {
    const named = NAMED[name]
    if (named !== undefined) return named
    const code =
      name.startsWith('#x') || name.startsWith('#X')
        ? parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? parseInt(name.slice(1), 10)
          : NaN
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) throw new XmlFormatError(`unknown entity &${name.slice(0, 12)};`)
    return String.fromCodePoint(code)
  })
}

/**
 * Each attribute of a tag's raw attribute text, left to right, by local name (`r:id` as `id`) with
 * its decoded value: one pass for a tag whose several attributes are all wanted (a sheet's cells).
 */
export function forEachAttribute(attributes: string, visit: (name: string, value: string) => void): void {
  const length = attributes.length
  let at = 0
  while (at < length) {
    const equals = attributes.indexOf('=', at)
    if (equals === -1) return
    let valueAt = equals + 1
    while (valueAt < length && isSpace(attributes.charCodeAt(valueAt))) valueAt += 1
    const quote = attributes.charCodeAt(valueAt)
    if (quote !== 34 && quote !== 39) return
    const closing = attributes.indexOf(quote === 34 ? '"' : "'", valueAt + 1)
    if (closing === -1) return
    visit(localName(attributes.slice(at, equals).trim()), decodeEntities(attributes.slice(valueAt + 1, closing)))
    at = closing + 1
  }
}

const ATTRIBUTE_PATTERNS = new Map<string, RegExp>()

/** One attribute's decoded value, matched by its local name (`r:id` answers to `id`), or null when absent. */
export function attribute(attributes: string, name: string): string | null {
  let pattern = ATTRIBUTE_PATTERNS.get(name)
  if (pattern === undefined) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
    ATTRIBUTE_PATTERNS.set(name, pattern)
  }
  const match = pattern.exec(attributes)
  if (match === null) return null
  return decodeEntities(match[1] ?? match[2] ?? '')
}
