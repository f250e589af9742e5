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
      const end = markupEnd(text, i)
      if (end === -1) break
      const markup = text.slice(i, end)
      i = end
      handleMarkup(markup)
    }
    pending = text.slice(i)
    if (pending.length > MAX_MARKUP_CHARS && pending.charCodeAt(0) === LT) throw new XmlFormatError('markup too long')
  }

  function handleMarkup(markup: string): void {
    if (checkpoint !== null && ++items >= every) {
      items = 0
      checkpoint()
    }
    const second = markup.charCodeAt(1)
    if (second === 63 /* ? */) return
    if (markup.startsWith('<!--')) return
    if (markup.startsWith('<![CDATA[')) {
      handler.text(markup.slice(9, -3))
      return
    }
    if (second === 33 /* ! */) throw new XmlFormatError('document type declarations are not accepted')
    if (second === 47 /* / */) {
      handler.close(localName(markup.slice(2, -1).trim()))
      return
    }
    const selfClosing = markup.charCodeAt(markup.length - 2) === 47
    const body = markup.slice(1, selfClosing ? -2 : -1)
    let nameEnd = 0
    while (nameEnd < body.length && !isSpace(body.charCodeAt(nameEnd))) nameEnd += 1
    if (nameEnd === 0) throw new XmlFormatError('element without a name')
    handler.open(localName(body.slice(0, nameEnd)), body.slice(nameEnd), selfClosing)
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

/** Where the markup starting at `start` ends (just past it), or -1 when it continues in the next chunk. */
function markupEnd(text: string, start: number): number {
  if (text.startsWith('<!--', start)) return endAfter(text, start + 4, '-->')
  if (text.startsWith('<![CDATA[', start)) return endAfter(text, start + 9, ']]>')
  if (text.startsWith('<?', start)) return endAfter(text, start + 2, '?>')
  // A `>` inside a quoted attribute value (number formats have them) does not end the tag.
  let quote = 0
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (quote !== 0) {
      if (code === quote) quote = 0
    } else if (code === 34 || code === 39) quote = code
    else if (code === 62) return i + 1
    else if (code === LT) throw new XmlFormatError('"<" inside a tag')
  }
  return -1
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
