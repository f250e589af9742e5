/**
 * The API's error bodies are not specified: JSON in several shapes, XML from gateways, HTML or plain
 * text. This finds the human message in any of them, so the user sees what the server said.
 */
const MAX_LENGTH = 300

/**
 * `redact` runs before the message is shortened: a server that echoes the request must not get
 * half a secret past the redactor by having it cut in two.
 */
export function extractErrorMessage(body: string, contentType: string | null, redact: (text: string) => string): string {
  const text = body.trim()
  if (text === '') return ''
  const type = (contentType ?? '').toLowerCase()
  const tidy = (message: string) => shorten(redact(message))
  if (type.includes('json') || text.startsWith('{') || text.startsWith('[')) {
    const fromJson = messageFromJson(text)
    if (fromJson !== null) return tidy(fromJson)
  }
  if (type.includes('xml') || type.includes('html') || text.startsWith('<')) {
    return tidy(messageFromMarkup(text))
  }
  return tidy(text)
}

function messageFromJson(text: string): string | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return findMessage(value, 0)
}

const MESSAGE_KEYS = [
  'message',
  'description',
  'error_description',
  'errorMessage',
  'detail',
  'faultstring',
  'title',
  'error',
  'errors',
  'fault',
  'code'
]

function findMessage(value: unknown, depth: number): string | null {
  if (depth > 4 || value === null || value === undefined) return null
  if (typeof value === 'string') return value.trim() === '' ? null : value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) {
    const parts = value.map((item) => findMessage(item, depth + 1)).filter((part): part is string => part !== null)
    return parts.length === 0 ? null : [...new Set(parts)].join('; ')
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const key of MESSAGE_KEYS) {
      const found = findMessage(record[key], depth + 1)
      if (found !== null) return found
    }
  }
  return null
}

function messageFromMarkup(text: string): string {
  for (const tag of ['message', 'description', 'faultstring', 'error', 'title', 'h1']) {
    const match = new RegExp(`<(?:[\\w-]+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}>`, 'i').exec(text)
    if (match?.[1] !== undefined) {
      const inner = stripTags(match[1])
      if (inner !== '') return inner
    }
  }
  return stripTags(text)
}

function stripTags(text: string): string {
  return decodeEntities(text.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]*>/g, ' '))
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
}

function shorten(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim()
  return collapsed.length > MAX_LENGTH ? `${collapsed.slice(0, MAX_LENGTH - 1)}…` : collapsed
}
