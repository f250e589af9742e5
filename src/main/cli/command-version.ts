import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE_NAME = 'store-inventory-lookup'

/**
 * The version in the package's own package.json, found by walking up from this module: the source
 * (src/main/cli) and the built command (out/cli, installed or not) sit at different depths, and the
 * same file is what npm installs and `npm version` changes, so the number is never written twice.
 */
export function commandVersion(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const manifest = readManifest(join(dir, 'package.json'))
    if (manifest?.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version
    if (dirname(dir) === dir) return 'unknown'
  }
}

function readManifest(path: string): { name?: unknown; version?: unknown } | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; version?: unknown }
  } catch {
    return null
  }
}
