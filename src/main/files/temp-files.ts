import { randomBytes } from 'node:crypto'
import { appendFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Temporary files of atomic writes: named after the target and the process writing them, and listed
 * in a journal when they live outside the app's folder, so that the next start (or headless run)
 * can remove those an interrupted process left behind, wherever the user saved.
 */

const TEMP_NAME = /^\..+\.(\d+)-[0-9a-f]{12}\.tmp$/
export const TEMP_JOURNAL = 'temp-files.txt'

/** `.results.xlsx.4242-0123456789ab.tmp` beside `results.xlsx`: hidden, and traceable to its process. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`)
}

/** Notes a temporary file before it is created, so it can be found if this process dies. */
export async function journalTempFile(journalDir: string, tempPath: string): Promise<void> {
  // The app's folder may not exist yet (a first headless run).
  await mkdir(journalDir, { recursive: true })
  await appendFile(join(journalDir, TEMP_JOURNAL), `${tempPath}\n`, { mode: 0o600 })
}

function ownerPid(path: string): number | null {
  const match = TEMP_NAME.exec(basename(path))
  return match === null ? null : Number(match[1])
}

function defaultIsAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes temporary files whose process has ended: those in the app's folder, and those the journal
 * lists elsewhere. Files of processes still running (another window, a headless run) are kept.
 * Returns how many were removed.
 */
export async function sweepTempFiles(appDir: string, isAlive: (pid: number) => boolean = defaultIsAlive): Promise<number> {
  const candidates = new Set<string>()
  for (const name of await readdir(appDir).catch(() => [] as string[])) candidates.add(join(appDir, name))
  const journal = join(appDir, TEMP_JOURNAL)
  const listed = (await readFile(journal, 'utf8').catch(() => ''))
    .split('\n')
    .filter((line) => line !== '')
  for (const path of listed) candidates.add(path)
  let removed = 0
  const keep: string[] = []
  for (const path of candidates) {
    const pid = ownerPid(path)
    if (pid === null) continue
    if (isAlive(pid)) {
      if (listed.includes(path)) keep.push(path)
      continue
    }
    try {
      await rm(path)
      removed += 1
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') keep.push(path)
    }
  }
  if (listed.length > 0) await writeFile(journal, keep.map((path) => `${path}\n`).join(''), { mode: 0o600 })
  return removed
}
