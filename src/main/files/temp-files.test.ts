import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { forgetTempFile, journalPath, journalTempFile, sweepTempFiles, tempPathFor } from './temp-files'
import { currentWriter, writerTag, type WriterId } from './writer-identity'

let appDir: string
let exportDir: string
beforeEach(async () => {
  appDir = await mkdtemp(join(tmpdir(), 'temp-files-app-'))
  exportDir = await mkdtemp(join(tmpdir(), 'temp-files-export-'))
})
afterEach(async () => {
  await rm(appDir, { recursive: true, force: true })
  await rm(exportDir, { recursive: true, force: true })
})

const DEAD = 9_999_991
const LIVE = 4242
const isRunning = (writer: WriterId) => writer.pid === LIVE
const writer = (pid: number): WriterId => ({ pid, start: null })

describe('temporary files of interrupted writes', () => {
  it('are named after their target and the process writing them', () => {
    expect(tempPathFor('/x/results.xlsx')).toMatch(new RegExp(`^/x/\\.results\\.xlsx\\.${writerTag(currentWriter())}-[0-9a-f]{12}\\.tmp$`))
  })

  it("are removed at the next start when their process is gone, in the app's folder and wherever its journal says", async () => {
    const deadSettings = join(appDir, `.settings.json.${DEAD}-0123456789ab.tmp`)
    const liveSettings = join(appDir, `.settings.json.${LIVE}-0123456789ab.tmp`)
    const deadExport = join(exportDir, `.results.xlsx.${DEAD}-abcdefabcdef.tmp`)
    const liveExport = join(exportDir, `.results.csv.${LIVE}-abcdefabcdef.tmp`)
    const unrelated = join(exportDir, '.results.xlsx.tmp')
    for (const path of [deadSettings, liveSettings, deadExport, liveExport, unrelated]) await writeFile(path, 'partial')
    await writeFile(join(appDir, 'settings.json'), '{}')
    await writeFile(
      journalPath(appDir, writer(DEAD)),
      `${deadExport}\n${join(exportDir, `.gone.csv.${DEAD}-000000000000.tmp`)}\n${unrelated}\n`
    )
    await writeFile(journalPath(appDir, writer(LIVE)), `${liveExport}\n`)

    expect(await sweepTempFiles(appDir, isRunning)).toBe(2)
    expect((await readdir(appDir)).sort()).toEqual(
      [`.settings.json.${LIVE}-0123456789ab.tmp`, 'settings.json', `temp-files-${LIVE}.txt`].sort()
    )
    expect((await readdir(exportDir)).sort()).toEqual([`.results.csv.${LIVE}-abcdefabcdef.tmp`, '.results.xlsx.tmp'])
  })

  it.skipIf(process.platform === 'win32')('are journaled in a folder created 0700, in a journal 0600 (POSIX modes)', async () => {
    const fresh = join(appDir, 'fresh')
    await journalTempFile(fresh, tempPathFor(join(exportDir, 'a.csv')))
    expect((await stat(fresh)).mode & 0o777).toBe(0o700)
    expect((await stat(journalPath(fresh))).mode & 0o777).toBe(0o600)
  })

  it('leave no journal behind once written and gone', async () => {
    const first = tempPathFor(join(exportDir, 'a.csv'))
    const second = tempPathFor(join(exportDir, 'b.csv'))
    await journalTempFile(appDir, first)
    await journalTempFile(appDir, second)
    await forgetTempFile(appDir, first)
    expect(await readFile(journalPath(appDir), 'utf8')).toBe(`${second}\n`)
    await forgetTempFile(appDir, second)
    expect(await readdir(appDir)).toEqual([])
  })

  it('find nothing to do in a new folder', async () => {
    expect(await sweepTempFiles(join(appDir, 'not-yet-created'), isRunning)).toBe(0)
  })
})
