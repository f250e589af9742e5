/**
 * `--fail-on`: what makes the exit status 3, so a scheduler can alert on it. Each condition is about
 * the rows written: values out of stock, values whose lookup failed, or (with an earlier run to
 * compare with) values that had stock then and are out of stock now.
 */
export const FAIL_ON_CONDITIONS = ['out-of-stock', 'failed', 'newly-out-of-stock'] as const
export type FailOn = (typeof FAIL_ON_CONDITIONS)[number]

export const EXIT_ALERT = 3

/** The conditions of every `--fail-on` given (each may list several, separated by commas); a problem in one sentence. */
export function parseFailOn(values: readonly string[], comparing: boolean): { failOn: FailOn[] } | { problem: string } {
  const failOn: FailOn[] = []
  for (const value of values.flatMap((one) => one.split(','))) {
    const condition = FAIL_ON_CONDITIONS.find((known) => known === value.trim().toLowerCase())
    if (condition === undefined) {
      return { problem: `--fail-on ${value.trim()} is not a condition; use out-of-stock, failed or newly-out-of-stock.` }
    }
    if (condition === 'newly-out-of-stock' && !comparing) {
      return {
        problem: '--fail-on newly-out-of-stock needs an earlier run to compare with; add --compare-with previous (or a run ID).'
      }
    }
    if (!failOn.includes(condition)) failOn.push(condition)
  }
  return { failOn }
}

/** What the written rows hold of each condition. */
export interface FailOnCounts {
  outOfStock: number
  failed: number
  /** Null when nothing was compared. */
  newlyOut: number | null
}

/** The sentence saying which conditions hold and why the status is 3; null when none does. */
export function failOnAlert(failOn: readonly FailOn[], counts: FailOnCounts): string | null {
  const found = failOn.flatMap((condition) => {
    const count = condition === 'out-of-stock' ? counts.outOfStock : condition === 'failed' ? counts.failed : (counts.newlyOut ?? 0)
    if (count === 0) return []
    const what = condition === 'out-of-stock' ? 'out of stock' : condition === 'failed' ? 'failed' : 'newly out of stock'
    return [`${count} ${what}`]
  })
  return found.length === 0 ? null : `--fail-on: ${found.join(', ')}; exit status ${EXIT_ALERT}.`
}
