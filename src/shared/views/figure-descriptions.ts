import type { AsOfRange } from '../domain/as-of'
import { FIGURE_RULES, humaneName, KNOWN_AREAS, KNOWN_STATES, type CountedFigure } from '../stock/stock-figures'
import { COMPARE_CATEGORY_LABELS } from '../compare/compare-lookups'
import { SINCE_LAST_RUN_LABELS } from '../watchlists/since-last-run'
import { STOCK_STATUS_LABELS, type StockStatus } from '../stock/stock-status'

/**
 * What each figure's column counts, in the words its header's tooltip and accessible description
 * say, written once for every view that shows a figure (Items, Locations, Matrix, By item, Stores,
 * Compare, the details panel). The figures' sentences are written from `FIGURE_RULES`, the rules
 * `stockFigures` is held to; the others state the rules of stock-status.ts and store-views.ts, and
 * figure-descriptions.test.ts checks each claim against the code that computes the figure.
 */

function list(words: readonly string[], last: string): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1) ?? ''}`
}

const ALL_AREAS = `any area (${list([...KNOWN_AREAS.map(humaneName), 'another'], 'or')})`

function isPartOf(figure: CountedFigure, whole: CountedFigure): boolean {
  const part = FIGURE_RULES[figure]
  const rule = FIGURE_RULES[whole]
  return part.states.every((state) => rule.states.includes(state)) && (rule.areas === 'any' || part.areas !== 'any')
}

/** "Units in state Available in any area (Store, Backroom, MFC or another). Not counted: ..." */
export function figureDescription(figure: CountedFigure): string {
  const rule = FIGURE_RULES[figure]
  const states = list(rule.states.map(humaneName), 'or')
  const where = rule.areas === 'any' ? ALL_AREAS : `the ${list(rule.areas.map(humaneName), 'or')} area`
  const otherStates = KNOWN_STATES.filter((state) => !rule.states.includes(state)).map(humaneName)
  const otherAreas = rule.areas === 'any' ? [] : KNOWN_AREAS.filter((area) => !rule.areas.includes(area)).map(humaneName)
  const notCounted = [
    ...(rule.areas === 'any' ? [] : [`other areas (${list([...otherAreas, 'another'], 'or')})`]),
    list([...otherStates, 'any other state'], 'or')
  ]
  let relation = ''
  if (figure !== 'onHand') relation = isPartOf(figure, 'onHand') ? ' Part of On hand.' : ' Never part of On hand.'
  return `Units in state ${states} in ${where}, added up. Not counted: ${notCounted.join('; ')}.${relation}`
}

/** The statuses a found item can have, judged from its figures in this order (`statusFromFigures`). */
export const STATUS_DESCRIPTION =
  `Judged from the figures, the first that fits: ${STOCK_STATUS_LABELS.out_of_stock} when On hand is 0 or less; ` +
  `${STOCK_STATUS_LABELS.shelf_empty} when On shelf is 0 or less and Backroom above 0; ` +
  `${STOCK_STATUS_LABELS.low_stock} when On hand is at or under the low-stock level; otherwise ${STOCK_STATUS_LABELS.in_stock}. ` +
  'Lines not found, invalid, duplicate, failed or cancelled say so.'

/** The found statuses the in-stock rate counts as in stock: every one with On hand above 0 (`inStockRate` in store-views.ts). */
export const COUNTED_IN_STOCK: readonly StockStatus[] = ['in_stock', 'low_stock', 'shelf_empty']

const IN_STOCK_RATE_DESCRIPTION =
  'Found values with On hand above 0, over the values found; values not found, failed, invalid or duplicate are left out. ' +
  `${list(
    COUNTED_IN_STOCK.map((status) => STOCK_STATUS_LABELS[status]),
    'and'
  )} all count as in stock: an item with an empty shelf and stock in the backroom is in stock here, and is counted in "${STOCK_STATUS_LABELS.shelf_empty}".`

const ON_HAND = figureDescription('onHand')

/** The states no figure counts: the details panel's Unavailable. */
const UNAVAILABLE_STATES = KNOWN_STATES.filter((state) => !Object.values(FIGURE_RULES).some((rule) => rule.states.includes(state)))

/** What "newly out of stock" means wherever it is counted: Compare's category, and a watchlist's run against the one before. */
const NEWLY_OUT = 'had stock then (On hand above 0: shelf empty and low stock included), out of stock now'

/** Where a compared value's stock went (`categoryOf` in compare-lookups.ts). */
const CATEGORY_DESCRIPTION =
  `${COMPARE_CATEGORY_LABELS.newly_out}: ${NEWLY_OUT}. ` +
  `${COMPARE_CATEGORY_LABELS.back_in}: out of stock then, has stock now. ` +
  `${COMPARE_CATEGORY_LABELS.unchanged}: the same status and On hand in both. ${COMPARE_CATEGORY_LABELS.changed}: any other difference. ` +
  `${COMPARE_CATEGORY_LABELS.only_one}: looked up in one of the two lookups only.`

/** The descriptions of the columns that are neither a figure nor a store's column. */
const OTHER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  status: STATUS_DESCRIPTION,
  unavailable: `Units in state ${list([...UNAVAILABLE_STATES.map(humaneName), 'any state not named here'], 'or')}, in any area: in no other figure.`,
  quantity: 'The quantity of this one location, as the API gave it (fractional for items sold by weight).',
  countedAs:
    'Which figure this location counts towards: On shelf, Backroom, On hand (Available in another area, such as MFC), On order, In transit, ' +
    'or Unavailable (Reserved, Damaged and every other state, in no figure).',
  asOf: "When the API last updated this item's stock, as it said with the answer (lastUpdatedTime); empty when it gave no time.",
  valuesFound: 'Values this store found: out of stock, shelf empty, low stock or in stock.',
  outOfStock: 'Found values with On hand 0 or less.',
  shelfEmpty: 'Found values with On shelf 0 or less while Backroom is above 0.',
  lowStock: 'Found values with On hand above 0 and at or under the low-stock level, whose shelf is not empty.',
  notFound: "Values this store's answer did not list.",
  failed: 'Values whose search failed; Retry failed looks them up again.',
  inStockRate: IN_STOCK_RATE_DESCRIPTION,
  outOfStockIn: 'Stores where the item is out of stock (On hand 0 or less), of the stores that found it.',
  shelfEmptyIn: 'Stores where the item has On shelf 0 or less while Backroom is above 0.',
  storesConcerned: "The stores where the item is out of stock or its shelf is empty; each opens that store's answer.",
  lowestOnHand: `The lowest On hand among the stores that found the item. On hand: ${ON_HAND}`,
  totalOnHand: `On hand added up over the stores that found the item. On hand: ${ON_HAND}`,
  notFoundIn: 'Stores whose answer did not list the item.',
  failedIn: 'Stores whose search for the item failed.',
  onHandThen: `On hand in the earlier lookup. ${ON_HAND}`,
  onHandNow: `On hand in the later lookup. ${ON_HAND}`,
  change: 'On hand now minus On hand then, when both lookups found the item.',
  statusThen: `The stock status in the earlier lookup. ${STATUS_DESCRIPTION}`,
  statusNow: `The stock status in the later lookup. ${STATUS_DESCRIPTION}`,
  category: CATEGORY_DESCRIPTION,
  newlyOutOfStock:
    `Stores and items counted in "${SINCE_LAST_RUN_LABELS.newly_out_of_stock}" against the run before, as Compare counts them: ${NEWLY_OUT}. ` +
    'A first run has no run before to compare with.',
  lookupsOutOfStock:
    'Lookups in which this store found the item out of stock (On hand 0 or less), of the lookups in which this store found it.',
  shareOutOfStock:
    'Lookups out of stock over the lookups in which this store found the item, in percent; ' +
    'lookups where it was not found, failed or was not looked up are left out.'
}

const FIGURE_KEYS: ReadonlySet<string> = new Set(Object.keys(FIGURE_RULES))
/** Columns whose figures come from the answers' stock, so their tooltips say when that stock was as of. */
const FROM_ANSWERS: ReadonlySet<string> = new Set([
  ...FIGURE_KEYS,
  'status',
  'unavailable',
  'quantity',
  'countedAs',
  'valuesFound',
  'outOfStock',
  'shelfEmpty',
  'lowStock',
  'inStockRate',
  'outOfStockIn',
  'shelfEmptyIn',
  'storesConcerned',
  'lowestOnHand',
  'totalOnHand'
])

const STORE_COLUMN = /^store:(\d{1,6})$/

/** What a description may say of the lookup on screen. */
export interface DescriptionContext {
  /** The earliest and latest time the API gave with the answers; null or absent when it gave none. */
  readonly asOf?: AsOfRange | null
  /** How the screen writes a time (its one formatting module, in the person's locale). */
  readonly formatTime?: (iso: string) => string
}

/** "As of 22 Nov 2026, 09:55 to 22 Nov 2026, 10:00, the times the API gave with these answers." */
export function asOfSentence(range: AsOfRange, formatTime: (iso: string) => string): string {
  const earliest = formatTime(range.earliest)
  const latest = formatTime(range.latest)
  const when = earliest === latest ? earliest : `${earliest} to ${latest}`
  return `As of ${when}, the times the API gave with these answers.`
}

/**
 * What the column `key` counts (a view's or Compare's column key, or a Matrix store's `store:N`),
 * with the answers' as-of time when known; null for a column that is not a figure (identifiers, the
 * file's columns), which needs no explaining.
 */
export function columnDescription(key: string, context: DescriptionContext = {}): string | null {
  const store = STORE_COLUMN.exec(key)
  const text =
    store !== null
      ? `On hand in store ${store[1]}, with a word when it needs a look. ${ON_HAND}`
      : FIGURE_KEYS.has(key)
        ? figureDescription(key as CountedFigure)
        : OTHER_DESCRIPTIONS[key]
  if (text === undefined) return null
  const { asOf, formatTime } = context
  const fromAnswers = store !== null || FROM_ANSWERS.has(key)
  return fromAnswers && asOf != null && formatTime !== undefined ? `${text} ${asOfSentence(asOf, formatTime)}` : text
}
