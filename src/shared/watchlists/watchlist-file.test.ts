import { describe, expect, it } from 'vitest'
import { MAX_WATCHLIST_FILE_BYTES, readWatchlistFile, watchlistFileText, WATCHLIST_FILE_FORMAT } from './watchlist-file'
import { watchlistDefinitionSchema } from './watchlist'

const definition = watchlistDefinitionSchema.parse({
  name: 'Morning check',
  environment: 'demo',
  itemType: 'gtin',
  stores: { kind: 'group', group: 'District 12', stores: [100, 101] },
  columns: ['Description'],
  items: [
    { input: '00012345678905', cells: ['Cola 2 L'] },
    { input: '4006381333931', cells: [] }
  ],
  lowStockLevel: 3
})
const bytesOf = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value))
const envelope = (watchlist: unknown) => ({ format: WATCHLIST_FILE_FORMAT, version: 1, watchlist })

describe('watchlist files', () => {
  it('reads back what it wrote, the schedule off', () => {
    const read = readWatchlistFile(bytesOf(watchlistFileText(definition)))
    expect(read).toEqual({ ok: true, definition: { ...definition, schedule: null } })
  })

  it.each([
    ['not JSON', bytesOf('{"format":'), 'That file is not a watchlist (it is not JSON text); choose a file exported from Watchlists.'],
    [
      'not UTF-8',
      new Uint8Array([0x7b, 0xff, 0x7d]),
      'That file is not a watchlist (it is not JSON text); choose a file exported from Watchlists.'
    ],
    ['another JSON', bytesOf({ rows: [] }), 'That file is not a watchlist exported from this app; choose a file exported from Watchlists.'],
    [
      'a newer version',
      bytesOf({ format: WATCHLIST_FILE_FORMAT, version: 2, watchlist: {} }),
      'That watchlist was exported by a newer version of the app; update the app to import it.'
    ],
    ['no name', bytesOf(envelope({ ...definition, name: '  ' })), 'That watchlist cannot be imported: give the watchlist a name.'],
    [
      'a bad store',
      bytesOf(envelope({ ...definition, stores: { kind: 'list', stores: [100, -1] } })),
      'That watchlist cannot be imported: a store number is 1 or more.'
    ],
    [
      'an item too long',
      bytesOf(envelope({ ...definition, items: [{ input: 'x'.repeat(201), cells: [] }] })),
      'That watchlist cannot be imported: value 1 of the watchlist is not one: each value is text of at most 200 characters, with at most one cell per column.'
    ],
    [
      'more cells than columns',
      bytesOf(envelope({ ...definition, items: [{ input: '1', cells: ['a', 'b'] }] })),
      'That watchlist cannot be imported: value 1 of the watchlist is not one: each value is text of at most 200 characters, with at most one cell per column.'
    ],
    [
      'no items',
      bytesOf(envelope({ ...definition, items: [] })),
      'That watchlist cannot be imported: a watchlist needs at least one value.'
    ],
    [
      'a bad schedule',
      bytesOf(envelope({ ...definition, schedule: { enabled: true, days: ['mon'], times: ['25:00'], notify: 'never' } })),
      'That watchlist cannot be imported: a time is written HH:MM on the 24-hour clock, such as 07:00 or 13:30.'
    ]
  ])('refuses %s in one sentence', (_, bytes, message) => {
    expect(readWatchlistFile(bytes)).toEqual({ ok: false, message })
  })

  it('refuses a file over the size bound before reading it', () => {
    const huge = new Uint8Array(MAX_WATCHLIST_FILE_BYTES + 1)
    expect(readWatchlistFile(huge)).toEqual({
      ok: false,
      message: 'That file is larger than 64 MB, so it is no watchlist; choose a file exported from Watchlists.'
    })
  })
})
