/**
 * An item's stock, in the words a store uses, from its inventory location rows. These rules are the
 * only definition of the figures: the grid, the detail panel, the presets and every export use them.
 *
 * - On shelf: area `store`, state `available`
 * - Backroom: area `backroom`, state `available`
 * - On hand: state `available` in any area (store, backroom, mfc and any other)
 * - On order: state `on_order`; In transit: state `in_transit` (any area)
 * - Unavailable: every other state (reserved, damaged, and states nobody has told us about)
 *
 * Names match case-insensitively, and spaces or hyphens count as underscores (`On Order`, `in-transit`),
 * since the API documents only a few example values.
 */
export interface StockLocation {
  readonly location_area: string
  readonly state: string
  readonly quantity: number
}

export interface StockFigures {
  readonly onShelf: number
  readonly backroom: number
  readonly onHand: number
  readonly onOrder: number
  readonly inTransit: number
  readonly unavailable: number
}

/** Where one location row is counted: every row lands in exactly one bucket. */
export type StockBucket = 'on_shelf' | 'backroom' | 'on_hand_elsewhere' | 'on_order' | 'in_transit' | 'unavailable'

export const BUCKET_LABELS: Readonly<Record<StockBucket, string>> = {
  on_shelf: 'On shelf',
  backroom: 'Backroom',
  on_hand_elsewhere: 'On hand',
  on_order: 'On order',
  in_transit: 'In transit',
  unavailable: 'Unavailable'
}

/** A figure that counts units: every one but Unavailable, which the views do not show as a column. */
export type CountedFigure = Exclude<keyof StockFigures, 'unavailable'>

/**
 * The rules above as data: which states and areas a figure counts. What the app says a figure
 * counts is written from these (figure-descriptions.ts), and stock-figures.test.ts holds
 * `stockFigures` to them, so the words cannot drift from the sums.
 */
export interface FigureRule {
  readonly states: readonly string[]
  /** The areas counted, or every area. */
  readonly areas: readonly string[] | 'any'
}

export const FIGURE_RULES: Readonly<Record<CountedFigure, FigureRule>> = {
  onShelf: { states: ['available'], areas: ['store'] },
  backroom: { states: ['available'], areas: ['backroom'] },
  onHand: { states: ['available'], areas: 'any' },
  onOrder: { states: ['on_order'], areas: 'any' },
  inTransit: { states: ['in_transit'], areas: 'any' }
}

/** The areas and states the API documents or the app has seen named: the ones a description can name. */
export const KNOWN_AREAS = ['store', 'backroom', 'mfc'] as const
export const KNOWN_STATES = ['available', 'on_order', 'in_transit', 'reserved', 'damaged'] as const

export const NO_STOCK: StockFigures = { onShelf: 0, backroom: 0, onHand: 0, onOrder: 0, inTransit: 0, unavailable: 0 }

/** Area and state names repeat across every row of a large answer: normalise each distinct one once. */
const normalised = new Map<string, string>()
const MAX_REMEMBERED_NAMES = 1000

export function normaliseName(name: string): string {
  let key = normalised.get(name)
  if (key === undefined) {
    key = name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
    if (normalised.size < MAX_REMEMBERED_NAMES) normalised.set(name, key)
  }
  return key
}

/** Names the API writes in their canonical form (nearly every row) are taken as they are, without a lookup. */
function canonical(name: string): string {
  switch (name) {
    case 'available':
    case 'store':
    case 'backroom':
    case 'on_order':
    case 'in_transit':
      return name
    default:
      return normaliseName(name)
  }
}

export function stockBucket(location: StockLocation): StockBucket {
  const state = canonical(location.state)
  if (state === 'available') {
    const area = canonical(location.location_area)
    if (area === 'store') return 'on_shelf'
    if (area === 'backroom') return 'backroom'
    return 'on_hand_elsewhere'
  }
  if (state === 'on_order') return 'on_order'
  if (state === 'in_transit') return 'in_transit'
  return 'unavailable'
}

/** Sums of fractional quantities (0.1 + 0.2) are rounded to a millionth so they print as a person wrote them. */
export function tidy(sum: number): number {
  return Math.round(sum * 1e6) / 1e6
}

export function stockFigures(locations: readonly StockLocation[]): StockFigures {
  if (locations.length === 0) return NO_STOCK
  let onShelf = 0
  let backroom = 0
  let elsewhere = 0
  let onOrder = 0
  let inTransit = 0
  let unavailable = 0
  for (const location of locations) {
    const quantity = Number.isFinite(location.quantity) ? location.quantity : 0
    switch (stockBucket(location)) {
      case 'on_shelf':
        onShelf += quantity
        break
      case 'backroom':
        backroom += quantity
        break
      case 'on_hand_elsewhere':
        elsewhere += quantity
        break
      case 'on_order':
        onOrder += quantity
        break
      case 'in_transit':
        inTransit += quantity
        break
      case 'unavailable':
        unavailable += quantity
        break
    }
  }
  return {
    onShelf: tidy(onShelf),
    backroom: tidy(backroom),
    onHand: tidy(onShelf + backroom + elsewhere),
    onOrder: tidy(onOrder),
    inTransit: tidy(inTransit),
    unavailable: tidy(unavailable)
  }
}

const KNOWN_NAMES: Readonly<Record<string, string>> = {
  store: 'Store',
  backroom: 'Backroom',
  mfc: 'MFC',
  available: 'Available',
  on_order: 'On order',
  in_transit: 'In transit',
  reserved: 'Reserved',
  damaged: 'Damaged'
}

/** "on_order" → "On order", "QUARANTINE_HOLD" → "Quarantine hold"; an empty name says so. */
export function humaneName(name: string): string {
  const key = normaliseName(name)
  const known = KNOWN_NAMES[key]
  if (known !== undefined) return known
  const words = key.replace(/_+/g, ' ').trim()
  if (words === '') return '(none)'
  return words.charAt(0).toUpperCase() + words.slice(1)
}
