import type { InputLine } from '../../../shared/import-lines'
import { MAX_INPUT_CHARS } from '../../../shared/limits'
import { lookupSizeProblem, type StoreListCheck } from '../../../shared/domain/store-list'
import { tooManyValues } from '../entry/list-limits'

/** Why Run lookup cannot start, in one sentence, and whether the Stores field is where to fix it. */
export interface RunProblem {
  message: string
  inStores: boolean
}

/** Stores x values over the cap, said beside the Stores field as it is typed and again on Run; null without stores or within the cap. */
export function sizeProblemOf(stores: StoreListCheck, distinctValues: number): string | null {
  return stores.ok ? lookupSizeProblem(stores.stores.length, distinctValues) : null
}

/**
 * What stops a lookup from starting, checked when Run is pressed, in the order the person would fix
 * them: the stores, then the list. `lines` is asked for only once the stores are right.
 */
export function checkRun(stores: StoreListCheck, lines: () => readonly InputLine[], sizeProblem: string | null): RunProblem | null {
  if (!stores.ok) return { message: `Check the stores first: ${stores.message}`, inStores: true }
  const listed = lines()
  if (listed.length === 0) return { message: 'Enter, scan or import at least one value to look up.', inStores: false }
  const tooMany = tooManyValues(listed.length)
  if (tooMany !== null) return { message: tooMany, inStores: false }
  if (sizeProblem !== null) return { message: sizeProblem, inStores: true }
  const tooLong = listed.find((line) => line.input.length > MAX_INPUT_CHARS)
  if (tooLong !== undefined) {
    return { message: `The value on line ${tooLong.line} is longer than ${MAX_INPUT_CHARS} characters; fix or remove it.`, inStores: false }
  }
  return null
}
