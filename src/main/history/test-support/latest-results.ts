import type { LineResult } from '../../../shared/domain/line-result'
import type { LookupResults } from '../lookup-results'

/**
 * Every line's latest result, store by store in the lookup's order and lines in input order, read a
 * page at a time as an export or the headless command reads them, and held at once for a test to
 * look at. `carried: false` leaves out the imported file's cells.
 */
export async function latestResults(
  results: Pick<LookupResults, 'pages'>,
  jobId: string,
  options: { carried?: boolean } = {}
): Promise<LineResult[]> {
  const lines: LineResult[] = []
  for await (const page of results.pages(jobId, options)) lines.push(...page)
  return lines
}
