import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { journalTempFile, sweepTempFiles, TEMP_JOURNAL, tempPathFor } from './temp-files'

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
const isAlive = (pid: number) => pid === LIVE

describe('temporary files of interrupted writes', () => {
  it('are named after their target and the process writing them', () => {
    expect(tempPathFor('/x/results.xlsx')).toMatch(new RegExp(`^/x/\\.results\\.xlsx\\.${process.pid}-[0-9a-f]{12}\\.tmp$`))
  })

  it("are removed at the next start when their process is gone, in the app's folder and wherever the journal says", async () => {
    const deadSettings = join(appDir, `.settings.json.${DEAD}-0123456789ab.tmp`)
    const liveSettings = join(appDir, `.settings.json.${LIVE}-0123456789ab.tmp`)
    const deadExport = join(exportDir, `.results.xlsx.${DEAD}-abcdefabcdef.tmp`)
    const liveExport = join(exportDir, `.results.csv.${LIVE}-abcdefabcdef.tmp`)
    const unrelated = join(exportDir, '.results.xlsx.tmp')
    for (const path of [deadSettings, liveSettings, deadExport, liveExport, unrelated]) await writeFile(path, 'partial')
    await writeFile(join(appDir, 'settings.json'), '{}')
    await journalTempFile(appDir, deadExport)
    await journalTempFile(appDir, liveExport)
    await journalTempFile(appDir, join(exportDir, `.gone.csv.${DEAD}-000000000000.tmp`))

    expect(await sweepTempFiles(appDir, isAlive)).toBe(2)
    expect((await readdir(appDir)).sort()).toEqual([liveSettings.slice(appDir.length + 1), 'settings.json', TEMP_JOURNAL].sort())
    expect((await readdir(exportDir)).sort()).toEqual(['.results.csv.4242-abcdefabcdef.tmp', '.results.xlsx.tmp'])
    // The journal keeps only what a running process may still be writing.
    expect(await readFile(join(appDir, TEMP_JOURNAL), 'utf8')).toBe(`${liveExport}\n`)
  })

  it('find nothing to do in a new folder', async () => {
    expect(await sweepTempFiles(join(appDir, 'not-yet-created'), isAlive)).toBe(0)
  })
})
