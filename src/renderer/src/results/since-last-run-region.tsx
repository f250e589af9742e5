import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { JobProgress } from '../../../shared/domain/job-progress'
import {
  SINCE_LAST_RUN_DESCRIPTIONS,
  SINCE_LAST_RUN_KINDS,
  SINCE_LAST_RUN_LABELS,
  type SinceLastRunKind
} from '../../../shared/watchlists/since-last-run'
import { sinceLastRunQuery } from '../api/watchlist-queries'
import { formatDateTime } from '../format/format'
import { ChipGroup } from '../grid/chip-group'
import './since-last-run.css'

const NONE: ReadonlySet<SinceLastRunKind> = new Set()

/** What a finished lookup found since the one it follows; nothing to ask while it runs. */
export function useSinceLastRun(progress: JobProgress) {
  return useQuery(sinceLastRunQuery(progress))
}

export type SinceLastRunData = NonNullable<ReturnType<typeof useSinceLastRun>['data']>

interface SinceLastRunRegionProps {
  since: SinceLastRunData
  chosen: SinceLastRunKind | null
  onChoose: (kind: SinceLastRunKind | null) => void
}

/**
 * "Since the last run": when the run it follows was, and by store and item what went out of stock,
 * what emptied its shelf, what came back and what is still out. Each count filters the grid.
 */
export function SinceLastRunRegion({ since, chosen, onChoose }: SinceLastRunRegionProps) {
  const headingId = useId()
  const when = since.follows.finishedAt ?? since.follows.startedAt
  return (
    <section className="since-last-run" aria-labelledby={headingId}>
      <h3 id={headingId}>Since the last run</h3>
      <p className="since-last-run-when">
        Compared with lookup {since.follows.jobId} of <time dateTime={when}>{formatDateTime(when)}</time>
        {since.follows.watchlistName === null ? '' : ` (${since.follows.watchlistName})`}, by store and item.
      </p>
      <ChipGroup
        label="Since the last run"
        chips={SINCE_LAST_RUN_KINDS.map((kind) => ({ id: kind, label: SINCE_LAST_RUN_LABELS[kind], count: since.counts[kind] ?? 0 }))}
        pressed={chosen === null ? NONE : new Set([chosen])}
        onToggle={(kind) => onChoose(chosen === kind ? null : kind)}
      />
      <p className="field-hint">
        {chosen === null ? 'Press a count to show only those stores and items.' : SINCE_LAST_RUN_DESCRIPTIONS[chosen]}
      </p>
    </section>
  )
}
