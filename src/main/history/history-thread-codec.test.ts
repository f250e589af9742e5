import { describe, expect, it } from 'vitest'
import { packCarriedPart, packClaimed, packNewLookup, unpackCarriedPart, unpackClaimed, unpackNewLookup } from './history-thread-codec'
import type { ClaimedRun, NewLookupRequest } from './lookup-request'
import { unpackLines } from '../workers/packed-lines'

/** A request to create a lookup through the thread's message: its lines stay packed to the writer, which unpacks them as it prepares the lookup. */
function throughThread(request: NewLookupRequest): unknown {
  const { packed, ...rest } = unpackNewLookup(packNewLookup(request))
  return { ...rest, lines: packed === undefined ? rest.lines : unpackLines(packed) }
}

describe("the messages to and from History's thread", () => {
  it('give back, unpacked, exactly what was packed: lines, carried cells (none, blank or missing) and the file naming the items, and claimed lines', () => {
    const request: NewLookupRequest = {
      lookup: {
        environment: 'demo',
        authUrl: 'http://127.0.0.1:9',
        baseUrl: 'http://127.0.0.1:9',
        clientId: 'demo-client',
        itemType: 'gtin',
        source: 'cli',
        carriedColumns: ['Description'],
        stores: [7, 3],
        startedAt: 1
      },
      lines: [
        { line: 2, input: '00012345678905' },
        { line: 9, input: '' },
        { line: 10, input: 'Crème brûlée 🍮' }
      ],
      carried: ['Oat milk', null, ''],
      itemNamesFrom: 'order.csv'
    }
    expect(throughThread(request)).toEqual(request)
    const { carried: _carried, itemNamesFrom: _from, ...withoutCells } = request
    expect(throughThread(withoutCells)).toEqual(withoutCells)
    const staged = { ...withoutCells, carriedStaged: 'staged-1', itemNamesFrom: 'order.csv' }
    expect(throughThread(staged)).toEqual(staged)
    const part = { lines: [2, 9, 10, 1_000_000], rows: ['Oat milk\u001f6', null, '', 'Crème brûlée 🍮'] }
    expect(unpackCarriedPart(packCarriedPart(part))).toEqual(part)
    // A part the files worker packed already goes as it is, not packed again.
    const packedPart = packCarriedPart(part)
    expect(packCarriedPart(packedPart)).toBe(packedPart)

    const claimed: ClaimedRun = {
      prior: 'interrupted',
      lines: [
        { storeNbr: 7, line: 2, value: '00012345678905', seq: 0, status: 'cancelled' },
        { storeNbr: 3, line: 2, value: '00012345678905', seq: 41, status: 'failed' }
      ]
    }
    expect(unpackClaimed(packClaimed(claimed))).toEqual(claimed)
    expect(unpackClaimed(packClaimed(null))).toBeNull()
  })
})
