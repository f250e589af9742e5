import { unpackLines } from '../../workers/packed-lines'
import type { CreatedLookup } from '../lookup-request'

/** A created lookup's values to look up, an object each, as a test reads them (the run itself batches from the packed columns). */
export function valuesToLookUp({ toLookUp }: Pick<CreatedLookup, 'toLookUp'>): { line: number; value: string }[] {
  return unpackLines(toLookUp).map(({ line, input }) => ({ line, value: input }))
}
