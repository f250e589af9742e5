import { MAX_JOB_LINES } from '../../../shared/limits'
import { formatCount } from '../format/format'

/** The one sentence for a list longer than a lookup takes: said when it is pasted or imported, and again on Run. */
export function tooManyValues(count: number): string | null {
  if (count <= MAX_JOB_LINES) return null
  return `This list has ${formatCount(count)} values; one lookup takes at most ${formatCount(MAX_JOB_LINES)}. Split the list into smaller parts.`
}
