import { useState } from 'react'
import type { LookupSummary } from '../../../shared/domain/lookup-summary'
import { formatStoreList } from '../../../shared/domain/store-list'
import { useDeleteLookup } from '../api/history-queries'
import { callInventory } from '../api/inventory-call'
import { ConfirmDialog } from '../components/confirm-dialog'
import { ErrorAlert } from '../errors/error-alert'
import { formatBytes, formatCount } from '../format/format'
import { HistoryRow } from './history-row'
import { lookupLabel, valuesLabel, whereLabel } from '../format/lookup-labels'
import { useHistoryList } from './use-history'
import '../components/list-screen.css'
import './history.css'

interface HistoryScreenProps {
  /** Shows the lookup in the results workspace as it is stored; nothing is looked up again. */
  onOpen: (jobId: string) => Promise<void>
  /** Looks up, under the same lookup, the lines a stopped lookup never answered. */
  onResume: (jobId: string) => Promise<void>
  /** Looks the lookup up again as a new run (its lines, columns and stores) and shows it. */
  onRunAgain: (jobId: string) => Promise<void>
  onCompare: (then: LookupSummary, now: LookupSummary) => void
  /** Draws the trends of the lookups chosen (their summaries), oldest first. */
  onTrends: (jobIds: readonly string[]) => void
  onDeleted: (jobId: string) => void
}

type Action = 'open' | 'resume' | 'previous' | 'again'

/** "3 lookups match “4006381333931”." */
function matchesText(count: number, more: boolean, search: string): string {
  if (count === 0) return `No lookup matches “${search}”.`
  const counted = `${formatCount(count)}${more ? ' or more' : ''}`
  return `${counted} ${count === 1 && !more ? 'lookup matches' : 'lookups match'} “${search}”.`
}

/**
 * Every lookup kept, newest first: search by a value one contained, open one as it finished,
 * resume a stopped one, compare two (or one with the one before it), delete one.
 */
export function HistoryScreen({ onOpen, onResume, onRunAgain, onCompare, onTrends, onDeleted }: HistoryScreenProps) {
  const [searchText, setSearchText] = useState('')
  const list = useHistoryList(searchText)
  const [chosen, setChosen] = useState<ReadonlyMap<string, LookupSummary>>(() => new Map())
  const [deleting, setDeleting] = useState<LookupSummary | null>(null)
  const [busy, setBusy] = useState<Action | null>(null)
  const [problem, setProblem] = useState<unknown>(null)
  const [said, setSaid] = useState('')
  const remove = useDeleteLookup((jobId) => {
    setChosen((current) => {
      const next = new Map(current)
      next.delete(jobId)
      return next
    })
    onDeleted(jobId)
  })

  const pages = list.data?.pages ?? []
  const lookups = pages.flatMap((page) => page.lookups)
  const first = pages[0]

  async function act(action: Action, work: () => Promise<void>) {
    setBusy(action)
    setProblem(null)
    setSaid('')
    try {
      await work()
    } catch (error) {
      setProblem(error)
    } finally {
      setBusy(null)
    }
  }

  const compareWithPrevious = (lookup: LookupSummary) =>
    act('previous', async () => {
      const { previous } = await callInventory(window.inventory.previousLookup({ jobId: lookup.jobId }))
      if (previous === null) {
        // "Previous" is the latest earlier lookup of the same environment, the same set of stores and the same kind of values.
        const stores = lookup.stores.length > 1 ? ` (stores ${formatStoreList(lookup.stores)})` : ''
        setSaid(
          `There is no earlier lookup of ${whereLabel(lookup)}${stores} with the same kind of values to compare lookup ${lookup.jobId} with.`
        )
        return
      }
      onCompare(previous, lookup)
    })

  const choose = (lookup: LookupSummary, yes: boolean) =>
    setChosen((current) => {
      const next = new Map(current)
      if (yes) next.set(lookup.jobId, lookup)
      else next.delete(lookup.jobId)
      return next
    })

  const compareChosen = () => {
    const [a, b] = [...chosen.values()].sort((x, y) => Date.parse(x.startedAt) - Date.parse(y.startedAt))
    if (a !== undefined && b !== undefined) onCompare(a, b)
  }

  const confirmDelete = () => {
    const lookup = deleting
    setDeleting(null)
    if (lookup === null) return
    setProblem(null)
    remove.mutate(lookup.jobId, {
      onSuccess: ({ deleted }) =>
        setSaid(
          deleted ? `Deleted lookup ${lookup.jobId} (${lookupLabel(lookup)}).` : `Lookup ${lookup.jobId} was already gone from History.`
        ),
      onError: (error) => setProblem(error)
    })
    document.getElementById('history-heading')?.focus()
  }

  return (
    <section className="panel list-screen" aria-labelledby="history-heading">
      <div className="section-heading">
        <h2 id="history-heading" tabIndex={-1}>
          History
        </h2>
        <p className="muted history-size">
          {first === undefined
            ? null
            : first.databasePath === null
              ? 'History is kept in memory only until the app closes.'
              : `History takes ${formatBytes(first.databaseBytes)} on disk, in ${first.databasePath}.`}
        </p>
      </div>

      <div className="list-tools">
        <label className="history-search">
          <span>Search History</span>
          <input
            type="search"
            value={searchText}
            spellCheck={false}
            aria-describedby="history-search-hint"
            onChange={(event) => setSearchText(event.target.value)}
          />
        </label>
        <p id="history-search-hint" className="field-hint">
          A GTIN or item number a lookup contained, a store number, an environment or a state.
        </p>
        <div className="history-compare-chosen">
          <button type="button" disabled={chosen.size !== 2} onClick={compareChosen}>
            Compare chosen
          </button>
          <button type="button" disabled={chosen.size < 2} onClick={() => onTrends([...chosen.keys()])}>
            Trends of chosen
          </button>
          <span className="muted" aria-live="polite">
            {chosen.size === 2
              ? '2 lookups chosen'
              : chosen.size > 2
                ? `${chosen.size} chosen: Trends of chosen draws them; Compare takes exactly two`
                : 'Choose two lookups to compare, or two or more for their trends'}
          </span>
        </div>
      </div>

      <p role="status" className="history-said">
        {said !== '' ? said : list.search === '' || list.isPending ? '' : matchesText(lookups.length, list.hasNextPage, list.search)}
      </p>
      {problem === null ? null : <ErrorAlert error={problem} onDismiss={() => setProblem(null)} />}
      {list.isError ? (
        <div>
          <ErrorAlert error={list.error} />
          <button type="button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : null}

      {list.isPending ? (
        <p role="status">Loading History…</p>
      ) : lookups.length === 0 ? (
        <p className="history-empty">
          {list.search === '' ? 'No lookups yet: every lookup you run is kept here.' : `No lookup matches “${list.search}”.`}
        </p>
      ) : (
        <div className="list-table-frame">
          <table className="list-table" aria-labelledby="history-heading">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Choose to compare</span>
                </th>
                <th scope="col">When</th>
                <th scope="col">Environment</th>
                <th scope="col">Store</th>
                <th scope="col">Values</th>
                <th scope="col" className="list-number">
                  Found
                </th>
                <th scope="col" className="list-number">
                  Not found
                </th>
                <th scope="col" className="list-number">
                  Invalid
                </th>
                <th scope="col" className="list-number">
                  Failed
                </th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lookups.map((lookup) => (
                <HistoryRow
                  key={lookup.jobId}
                  lookup={lookup}
                  chosen={chosen.has(lookup.jobId)}
                  busy={busy !== null || remove.isPending}
                  onChoose={choose}
                  onOpen={(target) => void act('open', () => onOpen(target.jobId))}
                  onResume={(target) => void act('resume', () => onResume(target.jobId))}
                  onRunAgain={(target) => void act('again', () => onRunAgain(target.jobId))}
                  onCompareWithPrevious={(target) => void compareWithPrevious(target)}
                  onDelete={setDeleting}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasNextPage ? (
        <button type="button" className="history-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading older lookups…' : 'Show older lookups'}
        </button>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this lookup?"
        confirmLabel="Delete lookup"
        cancelLabel="Keep lookup"
        tone="danger"
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <p>
          Lookup {deleting?.jobId} ({deleting === null ? '' : lookupLabel(deleting)}) and the results of its{' '}
          {deleting === null ? '' : valuesLabel(deleting)} will be removed from History. This cannot be undone; export it first if you need
          to keep it.
        </p>
      </ConfirmDialog>
    </section>
  )
}
