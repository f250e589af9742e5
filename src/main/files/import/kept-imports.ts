import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { MAX_IMPORT_BYTES } from '../../../shared/limits'
import { writeFileAtomic } from '../atomic-write'
import { makePrivateDir } from '../private-files'

/** Files kept at once: the newest, so the list being edited (the draft) keeps its file across restarts. */
export const KEPT_IMPORTS = 5

/** An import's id as main makes it (`randomUUID`): anything else never becomes a path. */
const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** The longest file name a kept import's notes may give. */
const MAX_FILE_NAME_CHARS = 500

/**
 * The file name a kept import's notes give, checked by hand rather than with zod: this runs on the
 * worker thread, which would otherwise compile all of zod as it starts. Null for anything else.
 */
function fileNameOf(meta: unknown): string | null {
  if (typeof meta !== 'object' || meta === null) return null
  const { fileName } = meta as { fileName?: unknown }
  return typeof fileName === 'string' && fileName.length > 0 && fileName.length <= MAX_FILE_NAME_CHARS ? fileName : null
}

export interface KeptImport {
  fileName: string
  bytes: Uint8Array
}

/**
 * Imported files as they were read, kept in a private folder of the data folder: the list being
 * edited is saved as a draft that names its import, and after a restart the file's other columns
 * (and its item names) come back from here instead of being lost without a word. Only the newest
 * few are kept; a file's bytes are read back only when a kept list is run or its column read.
 */
export function createKeptImports(dir: string, keep = KEPT_IMPORTS) {
  const dataPath = (importId: string) => join(dir, `${importId}.import`)
  const metaPath = (importId: string) => join(dir, `${importId}.json`)

  /** Lets all but the newest few go; the one just kept stays whatever the clock's resolution. */
  async function prune(newest: string): Promise<void> {
    const names = (await readdir(dir)).filter((name) => name.endsWith('.import') && name !== `${newest}.import`)
    const dated = await Promise.all(
      names.map(async (name) => ({
        id: name.slice(0, -'.import'.length),
        at: (await stat(join(dir, name)).catch(() => null))?.mtimeMs ?? 0
      }))
    )
    dated.sort((a, b) => b.at - a.at)
    for (const { id } of dated.slice(keep - 1)) {
      await rm(dataPath(id), { force: true })
      await rm(metaPath(id), { force: true })
    }
  }

  return {
    async keep(importId: string, file: KeptImport): Promise<void> {
      if (!IMPORT_ID.test(importId)) throw new Error('not an import id')
      await makePrivateDir(dir)
      await writeFileAtomic(metaPath(importId), JSON.stringify({ fileName: file.fileName }))
      await writeFileAtomic(dataPath(importId), file.bytes)
      await prune(importId)
    },

    /** The kept file, or null when it is not kept (too old, never kept, or not an id main made). */
    async load(importId: string): Promise<KeptImport | null> {
      if (!IMPORT_ID.test(importId)) return null
      try {
        const info = await stat(dataPath(importId))
        if (!info.isFile() || info.size > MAX_IMPORT_BYTES) return null
        const fileName = fileNameOf(JSON.parse(await readFile(metaPath(importId), 'utf8')))
        if (fileName === null) return null
        return { fileName, bytes: new Uint8Array(await readFile(dataPath(importId))) }
      } catch {
        return null
      }
    }
  }
}

export type KeptImports = ReturnType<typeof createKeptImports>
