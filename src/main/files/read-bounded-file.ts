import { open, type FileHandle } from 'node:fs/promises'

/**
 * A small file of the app's own, read whole but never more than one byte past `maxBytes`, so a
 * file grown by mistake (or replaced by another program) cannot fill memory. Null when there is
 * no file; `too_large` when it is longer than `maxBytes`. Other failures are thrown.
 */
export async function readBoundedFile(path: string, maxBytes: number): Promise<string | null | 'too_large'> {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  try {
    const buffer = Buffer.alloc(maxBytes + 1)
    let length = 0
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length)
      if (bytesRead === 0) break
      length += bytesRead
    }
    return length > maxBytes ? 'too_large' : buffer.subarray(0, length).toString('utf8')
  } finally {
    await handle.close()
  }
}
