import { randomBytes } from 'node:crypto'
import { appendFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Temporary files of atomic writes: named after the target and the process writing them. Those
 * outside the app's folder (exports) are listed, while they exist, in a journal of the writing
 * process in the app's folder, so that the next start (or headless run) can remove what a killed
 * or crashed process left behind, wherever the user saved.
 */

const TEMP_NAME = /^\..+\.(\d+)-[0-9a-f]{12}\.tmp$/
const JOURNAL_NAME = /^temp-files-(\d+)\.txt$/

export function journalPath(appDir: string, pid = process.pid): string {
  return join(appDir, `temp-files-${pid}.txt`)
}

/** `.results.xlsx.4242-0123456789ab.tmp` beside `results.xlsx`: hidden, and traceable to its process. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`)
}

/** Notes a temporary file before it is created, so it can be found if this process dies. */
export async function journalTempFile(appDir: string, tempPath: string): Promise<void> {
  // The app's folder may not exist yet (a first headless run).
  await mkdir(appDir, { recursive: true })
  await appendFile(journalPath(appDir), `${tempPath}\n`, { mode: 0o600 })
}

/** The temporary file is gone (renamed into place or removed): the journal no longer needs it. */
export async function forgetTempFile(appDir: string, tempPath: string): Promise<void> {
  const path = journalPath(appDir)
  const rest = (await readFile(path, 'utf8').catch(() => '')).split('\n').filter((line) => line !== '' && line !== tempPath)
  if (rest.length === 0) await rm(path, { force: true })
  else await writeFile(path, rest.map((line) => `${line}\n`).join(''), { mode: 0o600 })
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
 * Removes the temporary files of processes that have ended: those in the app's folder, and those
 * their journals list elsewhere; then the journals. Another window's or a headless run's files are
 * kept while it runs. Returns how many temporary files were removed.
 */
export async function sweepTempFiles(appDir: string, isAlive: (pid: number) => boolean = defaultIsAlive): Promise<number> {
  const names = await readdir(appDir).catch(() => [] as string[])
  const temps: string[] = []
  const journals: string[] = []
  for (const name of names) {
    const journal = JOURNAL_NAME.exec(name)
    if (journal !== null) {
      if (!isAlive(Number(journal[1]))) journals.push(join(appDir, name))
      continue
    }
    const temp = TEMP_NAME.exec(name)
    if (temp !== null && !isAlive(Number(temp[1]))) temps.push(join(appDir, name))
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
