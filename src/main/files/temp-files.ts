import { randomBytes } from 'node:crypto'
import { appendFile, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files'
import { currentWriter, isWriterRunning, writerTag, type WriterId } from './writer-identity'

/**
 * Temporary files of atomic writes: named after the target and the process writing them (its pid
 * and, where the system tells, its start time: see `writer-identity.ts`). Those outside the app's
 * folder (exports) are listed, while they exist, in a journal of the writing process in the app's
 * folder, so that the next start (or headless run) can remove what a killed or crashed process
 * left behind, wherever the user saved.
 */

/** The start time is absent from names an older version wrote; those are judged by their pid alone. */
const TEMP_NAME = /^\..+\.(\d+)(?:-(\d+))?-[0-9a-f]{12}\.tmp$/
const JOURNAL_NAME = /^temp-files-(\d+)(?:-(\d+))?\.txt$/

export function journalPath(appDir: string, writer: WriterId = currentWriter()): string {
  return join(appDir, `temp-files-${writerTag(writer)}.txt`)
}

/** `.results.xlsx.4242-1234567-0123456789ab.tmp` beside `results.xlsx`: hidden, and traceable to its process. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${writerTag(currentWriter())}-${randomBytes(6).toString('hex')}.tmp`)
}

function writerOf(match: RegExpExecArray): WriterId {
  return { pid: Number(match[1]), start: match[2] ?? null }
}

/** Notes a temporary file before it is created, so it can be found if this process dies. */
export async function journalTempFile(appDir: string, tempPath: string): Promise<void> {
  // The app's folder may not exist yet (a first headless run).
  await makePrivateDir(appDir)
  await appendFile(journalPath(appDir), `${tempPath}\n`, { mode: PRIVATE_FILE_MODE })
}

/** The temporary file is gone (renamed into place or removed): the journal no longer needs it. */
export async function forgetTempFile(appDir: string, tempPath: string): Promise<void> {
  const path = journalPath(appDir)
  const rest = (await readFile(path, 'utf8').catch(() => '')).split('\n').filter((line) => line !== '' && line !== tempPath)
  if (rest.length === 0) await rm(path, { force: true })
  else await writeFile(path, rest.map((line) => `${line}\n`).join(''), { mode: PRIVATE_FILE_MODE })
}

/**
 * Removes the temporary files of processes that have ended: those in the app's folder, and those
 * their journals list elsewhere; then the journals. Another window's or a headless run's files are
 * kept while it runs. Returns how many temporary files were removed.
 */
export async function sweepTempFiles(appDir: string, isRunning: (writer: WriterId) => boolean = isWriterRunning): Promise<number> {
  const names = await readdir(appDir).catch(() => [] as string[])
  const temps: string[] = []
  const journals: string[] = []
  for (const name of names) {
    const journal = JOURNAL_NAME.exec(name)
    if (journal !== null) {
      if (!isRunning(writerOf(journal))) journals.push(join(appDir, name))
      continue
    }
    const temp = TEMP_NAME.exec(name)
    if (temp !== null && !isRunning(writerOf(temp))) temps.push(join(appDir, name))
  }
  for (const journal of journals) {
    const listed = (await readFile(journal, 'utf8').catch(() => '')).split('\n')
    // Only files named as this app names its temporary files, whatever the journal says.
    for (const path of listed) if (TEMP_NAME.test(basename(path))) temps.push(path)
  }
  let removed = 0
  for (const path of new Set(temps)) {
    try {
      await rm(path)
      removed += 1
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  for (const journal of journals) await rm(journal, { force: true })
  return removed
}
