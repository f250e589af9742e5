import { describe, expect, it } from 'vitest'
import {
  FIGURE_RULES,
  humaneName,
  KNOWN_AREAS,
  KNOWN_STATES,
  NO_STOCK,
  stockBucket,
  stockFigures,
  type CountedFigure,
  type StockFigures,
  type StockLocation
} from './stock-figures'

const at = (location_area: string, state: string, quantity: number): StockLocation => ({ location_area, state, quantity })

describe('stockFigures', () => {
  const table: Array<{ name: string; locations: StockLocation[]; figures: StockFigures }> = [
    { name: 'an item without locations has nothing anywhere', locations: [], figures: NO_STOCK },
    {
      name: 'shelf, backroom and mfc stock that is available is on hand',
      locations: [at('store', 'available', 4), at('backroom', 'available', 10), at('mfc', 'available', 2)],
      figures: { onShelf: 4, backroom: 10, onHand: 16, onOrder: 0, inTransit: 0, unavailable: 0 }
    },
    {
      name: 'upper-case and mixed-case names match',
      locations: [at('STORE', 'AVAILABLE', 3), at('BackRoom', 'Available', 5), at('Store', 'ON_ORDER', 12)],
      figures: { onShelf: 3, backroom: 5, onHand: 8, onOrder: 12, inTransit: 0, unavailable: 0 }
    },
    {
      name: 'spaces and hyphens count as underscores, surrounding blanks are ignored',
      locations: [at(' store ', 'available', 1), at('backroom', 'In Transit', 6), at('store', 'on-order', 6)],
      figures: { onShelf: 1, backroom: 0, onHand: 1, onOrder: 6, inTransit: 6, unavailable: 0 }
    },
    {
      name: 'on order and in transit count in any area, never as on hand',
      locations: [at('backroom', 'in_transit', 24), at('store', 'on_order', 6), at('mfc', 'on_order', 6)],
      figures: { onShelf: 0, backroom: 0, onHand: 0, onOrder: 12, inTransit: 24, unavailable: 0 }
    },
    {
      name: 'reserved, damaged and unknown states are unavailable, never dropped',
      locations: [at('store', 'reserved', 2), at('backroom', 'damaged', 1), at('store', 'QUARANTINE_HOLD', 7), at('store', '', 1)],
      figures: { onShelf: 0, backroom: 0, onHand: 0, onOrder: 0, inTransit: 0, unavailable: 11 }
    },
    {
      name: 'an unknown area with available stock is on hand, not on the shelf or in the backroom',
      locations: [at('LOADING_DOCK', 'available', 9), at('', 'available', 1)],
      figures: { onShelf: 0, backroom: 0, onHand: 10, onOrder: 0, inTransit: 0, unavailable: 0 }
    },
    {
      name: 'fractional quantities stay fractional and add without float noise',
      locations: [at('store', 'available', 0.1), at('store', 'available', 0.2), at('backroom', 'available', 2.25)],
      figures: { onShelf: 0.3, backroom: 2.25, onHand: 2.55, onOrder: 0, inTransit: 0, unavailable: 0 }
    },
    {
      name: 'rows of the same kind add up',
      locations: [at('store', 'available', 0), at('store', 'available', 5), at('backroom', 'available', 0)],
      figures: { onShelf: 5, backroom: 0, onHand: 5, onOrder: 0, inTransit: 0, unavailable: 0 }
    },
    {
      name: 'a quantity that is not a finite number counts as zero',
      locations: [at('store', 'available', Number.NaN), at('backroom', 'available', 3)],
      figures: { onShelf: 0, backroom: 3, onHand: 3, onOrder: 0, inTransit: 0, unavailable: 0 }
    }
  ]

  it.each(table)('$name', ({ locations, figures }) => {
    expect(stockFigures(locations)).toEqual(figures)
  })

  it('puts every row in exactly one bucket', () => {
    expect(stockBucket(at('Store', 'Available', 1))).toBe('on_shelf')
    expect(stockBucket(at('BACKROOM', 'available', 1))).toBe('backroom')
    expect(stockBucket(at('mfc', 'available', 1))).toBe('on_hand_elsewhere')
    expect(stockBucket(at('backroom', 'on_order', 1))).toBe('on_order')
    expect(stockBucket(at('store', 'IN_TRANSIT', 1))).toBe('in_transit')
    expect(stockBucket(at('store', 'lost', 1))).toBe('unavailable')
  })
})

describe('FIGURE_RULES, which the column descriptions are written from', () => {
  const areas = [...KNOWN_AREAS, 'loading_dock', '']
  const states = [...KNOWN_STATES, 'quarantine_hold', '']
  const figures = Object.keys(FIGURE_RULES) as CountedFigure[]

  it.each(figures)('say exactly which area and state %s counts, for every area and state named or not', (figure) => {
    const rule = FIGURE_RULES[figure]
    for (const area of areas) {
      for (const state of states) {
        const counted = rule.states.includes(state) && (rule.areas === 'any' || rule.areas.includes(area))
        expect(stockFigures([at(area, state, 1)])[figure], `${area}/${state}`).toBe(counted ? 1 : 0)
      }
    }
  })

  it('name only areas and states the app knows, so each has a humane name', () => {
    for (const rule of Object.values(FIGURE_RULES)) {
      for (const name of [...rule.states, ...(rule.areas === 'any' ? [] : rule.areas)]) {
        expect([...KNOWN_AREAS, ...KNOWN_STATES] as string[]).toContain(name)
      }
    }
  })
})

describe('humaneName', () => {
  it.each([
    ['on_order', 'On order'],
    ['IN_TRANSIT', 'In transit'],
    ['available', 'Available'],
    ['mfc', 'MFC'],
    ['store', 'Store'],
    ['QUARANTINE_HOLD', 'Quarantine hold'],
    ['', '(none)']
  ])('%s reads as %s', (name, label) => {
    expect(humaneName(name)).toBe(label)
  })
})
