import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'

/**
 * What the app writes (settings, History, logs, drafts, temporary files) names stores, values,
 * stock and hosts: only the user it belongs to may read it. Folders are created 0700 and files 0600
 * on every path, whatever the umask; on Windows the modes mean little and the user's profile
 * folder's ACL is what keeps others out.
 */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Creates the folder and any missing parents, each 0700; an existing folder is left as it is. */
export function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/**
 * Creates the file empty and 0600 if it is missing, so a program that opens it next (SQLite, which
 * gives its `-wal` and `-shm` files the database's mode) never creates it with the umask's; and
 * takes group and other access away from a file an older version created.
 */
export function makePrivateFileSync(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE))
  keepPrivateSync(path)
}

/**
 * Takes group and other access away from the file if it exists. A file of another user's (EPERM)
 * is left as it is: its owner decides, and reading or writing it fails on its own if it must.
 */
export function keepPrivateSync(path: string): void {
  if (process.platform === 'win32') return
  try {
    chmodSync(path, PRIVATE_FILE_MODE)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'EPERM') throw error
  }
}
