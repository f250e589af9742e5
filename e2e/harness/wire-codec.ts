/**
 * JSON with one extension: typed arrays (file imports' bytes, the trends' columns) travel as
 * `{ "$bytes": "<base64>" }`, with `"$array": "Int32Array"` for those that are not bytes, standing
 * in for the structured clone Electron's IPC gives. Used by both ends of the harness bridge.
 */
const BYTES_KEY = '$bytes'
const ARRAY_KEY = '$array'

/** The typed arrays the contract carries. */
const ARRAYS = { Int32Array, Float64Array } as const
type ArrayName = keyof typeof ARRAYS

function arrayName(item: unknown): ArrayName | null {
  for (const name of Object.keys(ARRAYS) as ArrayName[]) if (item instanceof ARRAYS[name]) return name
  return null
}

export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Uint8Array) return { [BYTES_KEY]: toBase64(item) }
    const name = arrayName(item)
    if (name === null) return item
    const array = item as InstanceType<(typeof ARRAYS)[ArrayName]>
    return { [BYTES_KEY]: toBase64(new Uint8Array(array.buffer, array.byteOffset, array.byteLength)), [ARRAY_KEY]: name }
  })
}

export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      const record = item as Record<string, unknown>
      const encoded = record[BYTES_KEY]
      const name = record[ARRAY_KEY]
      const keys = Object.keys(record).length
      if (typeof encoded === 'string' && keys === 1) return fromBase64(encoded)
      if (typeof encoded === 'string' && keys === 2 && (name === 'Int32Array' || name === 'Float64Array')) {
        return new ARRAYS[name](fromBase64(encoded).buffer)
      }
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

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
