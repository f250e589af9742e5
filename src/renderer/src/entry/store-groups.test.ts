import { describe, expect, it } from 'vitest'
import { SAMPLE_STORE_GROUP } from './sample-values'
import { groupNamed, groupsOffered, groupWithStores, withGroup, withoutGroup } from './store-groups'

const district = { name: 'District 12', stores: [1001, 1002, 1003] }
const promo = { name: 'promo', stores: [77] }

describe('store groups', () => {
  it('offers the sample group in Demo only, and not twice', () => {
    expect(groupsOffered([district], 'demo')).toEqual([district, SAMPLE_STORE_GROUP])
    expect(groupsOffered([district], 'sandbox')).toEqual([district])
    const saved = { ...SAMPLE_STORE_GROUP, stores: [9] }
    expect(groupsOffered([saved], 'demo')).toEqual([saved])
  })

  it('finds the group of a list whatever its order, and a group by its name in any case', () => {
    expect(groupWithStores([promo, district], [1003, 1001, 1002])).toBe(district)
    expect(groupWithStores([district], [1001, 1002])).toBeNull()
    expect(groupWithStores([district], [])).toBeNull()
    expect(groupNamed([district], ' district 12 ')).toBe(district)
  })

  it('adds a group in name order, replaces one of the same name, and deletes by name', () => {
    expect(withGroup([promo], district)).toEqual([district, promo])
    expect(withGroup([district, promo], { name: 'DISTRICT 12 ', stores: [5] })).toEqual([{ name: 'DISTRICT 12', stores: [5] }, promo])
    expect(withoutGroup([district, promo], 'Promo')).toEqual([district])
  })
})
