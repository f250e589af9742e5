import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/domain/app-error'
import { createImportStore } from './import-store'
import { readImport } from './read-import'

const utf8 = (text: string) => new TextEncoder().encode(text)
const file = (name: string) => readImport(name, utf8('Description,UPC\nSoap,012345678905\nTea,4006381333931\n'))

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

describe('imported tables kept in main', () => {
  it('keep the last three imports; using one keeps it longer than the others', async () => {
    const store = createImportStore({ now: () => 0 })
    const ids: string[] = []
    for (const name of ['a.csv', 'b.csv', 'c.csv']) ids.push(store.add(await file(name)).importId)
    // Using the oldest makes it the most recent: the next import lets "b" go instead.
    store.column({ importId: ids[0] ?? '', column: 1 })
    ids.push(store.add(await file('d.csv')).importId)
    expect(store.column({ importId: ids[0] ?? '', column: 1 }).lines).toEqual([2, 3])
    expect((await gone(() => store.column({ importId: ids[1] ?? '', column: 1 }))).message).toMatch(/no longer held.*import it again/)
    expect(store.carried({ importId: ids[3] ?? '', column: 1 }, [3]).rows).toEqual(['Tea'])
  })

  it('let an import go four hours after it was last used', async () => {
    let clock = 0
    const store = createImportStore({ now: () => clock })
    const { importId } = store.add(await file('a.csv'))
    clock += 3 * 60 * 60 * 1000
    expect(store.column({ importId, column: 0 }).lines).toEqual([2, 3])
    clock += 4 * 60 * 60 * 1000 - 1
    expect(store.column({ importId, column: 0 }).lines).toEqual([2, 3])
    clock += 4 * 60 * 60 * 1000 + 1
    expect((await gone(() => store.column({ importId, column: 0 }))).code).toBe('not_found')
  })

  it('refuse a column the file does not have', async () => {
    const store = createImportStore({ now: () => 0 })
    const { importId } = store.add(await file('a.csv'))
    expect((await gone(() => store.column({ importId, column: 7 }))).message).toBe('a.csv has no column 8; choose one of its columns.')
  })

  it('carry the column that names the items first, headed Item name', async () => {
    const store = createImportStore({ now: () => 0 })
    const wide = await readImport(
      'w.csv',
      utf8('Case Pack,UPC,Description,Item name\n6,012345678905,Soap,old\n12,4006381333931,Tea,older\n')
    )
    const { importId } = store.add(wide)
    expect(store.carried({ importId, column: 1, nameColumn: 2 }, [3, 9])).toEqual({
      columns: ['Item name', 'Case Pack', 'Item name (file)'],
      rows: ['Tea\u000012\u0000older', null],
      itemNamesFrom: 'w.csv'
    })
    expect(store.carried({ importId, column: 1, nameColumn: null }, [2])).toEqual({
      columns: ['Case Pack', 'Description', 'Item name (file)'],
      rows: ['6\u0000Soap\u0000old']
    })
    expect((await gone(() => store.carried({ importId, column: 1, nameColumn: 4 }, [2]))).message).toBe(
      'w.csv has no column 5; choose one of its columns.'
    )
  })
})
