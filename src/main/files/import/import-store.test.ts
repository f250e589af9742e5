import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/domain/app-error'
import { createImportStore } from './import-store'
import { createKeptImports } from './kept-imports'
import { readImport } from './read-import'

const utf8 = (text: string) => new TextEncoder().encode(text)
const LIST = 'Description,UPC\nSoap,012345678905\nTea,4006381333931\n'
const file = (name: string) => readImport(name, utf8(LIST))

async function gone(run: () => unknown): Promise<AppError> {
  const error = await Promise.resolve()
    .then(run)
    .then(
      () => null,
      (caught: unknown) => caught
    )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kept-imports-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('imported tables kept in main', () => {
  it('keep the last three imports; using one keeps it longer than the others', async () => {
    const store = createImportStore({ now: () => 0 })
    const ids: string[] = []
    for (const name of ['a.csv', 'b.csv', 'c.csv']) ids.push((await store.add(await file(name))).importId)
    // Using the oldest makes it the most recent: the next import lets "b" go instead.
    await store.column({ importId: ids[0] ?? '', column: 1 })
    ids.push((await store.add(await file('d.csv'))).importId)
    expect((await store.column({ importId: ids[0] ?? '', column: 1 })).lines).toEqual([2, 3])
    expect((await gone(() => store.column({ importId: ids[1] ?? '', column: 1 }))).message).toMatch(/no longer kept.*import it again/)
    expect((await store.carried({ importId: ids[3] ?? '', column: 1 }, [3])).rows).toEqual(['Tea'])
  })

  it('let an import go four hours after it was last used', async () => {
    let clock = 0
    const store = createImportStore({ now: () => clock })
    const { importId } = await store.add(await file('a.csv'))
    clock += 3 * 60 * 60 * 1000
    expect((await store.column({ importId, column: 0 })).lines).toEqual([2, 3])
    clock += 4 * 60 * 60 * 1000 - 1
    expect((await store.column({ importId, column: 0 })).lines).toEqual([2, 3])
    clock += 4 * 60 * 60 * 1000 + 1
    expect((await gone(() => store.column({ importId, column: 0 }))).code).toBe('not_found')
  })

  it('refuse a column the file does not have', async () => {
    const store = createImportStore({ now: () => 0 })
    const { importId } = await store.add(await file('a.csv'))
    expect((await gone(() => store.column({ importId, column: 7 }))).message).toBe('a.csv has no column 8; choose one of its columns.')
  })

  it('carry the column that names the items first, headed Item name', async () => {
    const store = createImportStore({ now: () => 0 })
    const wide = await readImport(
      'w.csv',
      utf8('Case Pack,UPC,Description,Item name\n6,012345678905,Soap,old\n12,4006381333931,Tea,older\n')
    )
    const { importId } = await store.add(wide)
    expect(await store.carried({ importId, column: 1, nameColumn: 2 }, [3, 9])).toEqual({
      columns: ['Item name', 'Case Pack', 'Item name (file)'],
      rows: ['Tea\u000012\u0000older', null],
      itemNamesFrom: 'w.csv'
    })
    expect(await store.carried({ importId, column: 1, nameColumn: null }, [2])).toEqual({
      columns: ['Case Pack', 'Description', 'Item name (file)'],
      rows: ['6\u0000Soap\u0000old']
    })
    expect((await gone(() => store.carried({ importId, column: 1, nameColumn: 4 }, [2]))).message).toBe(
      'w.csv has no column 5; choose one of its columns.'
    )
  })
})

describe('imported files kept across restarts', () => {
  it('come back under the same id in a new store (a restart), with their columns and item names', async () => {
    const kept = join(dir, 'imports')
    const before = createImportStore({ now: () => 0, kept: createKeptImports(kept) })
    const { importId } = await before.add(await file('order.csv'), utf8(LIST))
    const files = await readdir(kept)
    expect(files.sort()).toEqual([`${importId}.import`, `${importId}.json`])
    if (process.platform !== 'win32') {
      expect((await stat(kept)).mode & 0o777).toBe(0o700)
      for (const name of files) expect((await stat(join(kept, name))).mode & 0o777).toBe(0o600)
    }

    const after = createImportStore({ now: () => 0, kept: createKeptImports(kept) })
    expect((await after.column({ importId, column: 1 })).lines).toEqual([2, 3])
    expect(await after.carried({ importId, column: 1, nameColumn: 0 }, [2])).toEqual({
      columns: ['Item name'],
      rows: ['Soap'],
      itemNamesFrom: 'order.csv'
    })
  })

  it('keep only the newest few, and never read a path from an id main did not make', async () => {
    const kept = createKeptImports(join(dir, 'imports'), 2)
    const store = createImportStore({ now: () => 0, kept })
    const ids: string[] = []
    for (const name of ['a.csv', 'b.csv', 'c.csv']) ids.push((await store.add(await file(name), utf8(LIST))).importId)
    expect(await readdir(join(dir, 'imports'))).toHaveLength(4)
    expect(await kept.load(ids[2] ?? '')).not.toBeNull()

    await writeFile(join(dir, 'secret.json'), JSON.stringify({ fileName: 'x.csv' }))
    await writeFile(join(dir, 'secret.import'), LIST)
    expect(await kept.load('../secret')).toBeNull()
    const restarted = createImportStore({ now: () => 0, kept })
    expect((await gone(() => restarted.column({ importId: '../secret', column: 0 }))).code).toBe('not_found')
  })
})
