/**
 * JSON with one extension: byte arrays (file imports) travel as `{ "$bytes": "<base64>" }`, standing in
 * for the structured clone Electron's IPC gives. Used by both ends of the harness bridge.
 */
const BYTES_KEY = '$bytes'

export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof Uint8Array ? { [BYTES_KEY]: toBase64(item) } : item))
}

export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      const record = item as Record<string, unknown>
      const encoded = record[BYTES_KEY]
      if (typeof encoded === 'string' && Object.keys(record).length === 1) return fromBase64(encoded)
    }
    return item
  })
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  }
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
