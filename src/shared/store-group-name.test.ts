import { describe, expect, it } from 'vitest'
import { MAX_STORE_GROUP_NAME_CHARS, storeGroupSchema } from './settings'
import { watchlistStoresSchema } from './watchlists/watchlist'

const longest = 'D'.repeat(MAX_STORE_GROUP_NAME_CHARS)

describe("a store group's name", () => {
  it('is kept trimmed up to the limit, and refused over it in a sentence, as a group and as the group a watchlist names', () => {
    expect(storeGroupSchema.parse({ name: `  ${longest}  `, stores: [12] }).name).toBe(longest)
    expect(watchlistStoresSchema.parse({ kind: 'group', group: longest, stores: [12] })).toMatchObject({ group: longest })
    const tooLong = `${longest}x`
    const asGroup = storeGroupSchema.safeParse({ name: tooLong, stores: [12] })
    const asWatchlist = watchlistStoresSchema.safeParse({ kind: 'group', group: tooLong, stores: [12] })
    for (const refused of [asGroup, asWatchlist]) {
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
        `A group name is at most ${MAX_STORE_GROUP_NAME_CHARS} characters.`
      ])
    }
  })

  it('says what an empty one needs in the words of where it is given', () => {
    expect(storeGroupSchema.safeParse({ name: '  ', stores: [12] }).error?.issues[0]?.message).toBe('Give the group a name.')
    expect(watchlistStoresSchema.safeParse({ kind: 'group', group: '', stores: [12] }).error?.issues[0]?.message).toBe(
      'Name the store group.'
    )
  })
})
