import { open, rename, rm } from 'node:fs/promises'
import { PRIVATE_FILE_MODE } from './private-files'
import { tempPathFor } from './temp-files'

/**
 * Writes a file so that a reader sees either the old content or the new, never half of it:
 * the data goes to a temporary file beside the target, is flushed to disk, then renamed over it.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = tempPathFor(path)
  try {
    const handle = await open(temp, 'w', PRIVATE_FILE_MODE)
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}
