import { Text } from '@codemirror/state'
import { useCallback, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import type { ItemType } from '../../../shared/domain/item-type'
import { ENVIRONMENT_LABELS } from '../../../shared/environments'
import type { Settings } from '../../../shared/settings'
import { packInputColumn } from '../../../shared/input-column'
import { useUpdateSettings } from '../api/settings-queries'
import { ConfirmDialog } from '../components/confirm-dialog'
import { ColumnPicker } from '../entry/column-picker'
import { DemoBanner } from '../entry/demo-banner'
import { entryLines, entrySource, hasEntryValues } from '../entry/entry-state'
import { ImportButton } from '../entry/import-button'
import { LookupTargetFields } from '../entry/lookup-target-fields'
import { SAMPLE_GTINS, SAMPLE_STORE_GROUP } from '../entry/sample-values'
import { ScanInput } from '../entry/scan-input'
import { useFileImport, type ImportedValues } from '../entry/use-file-import'
import { useListItemNames } from '../entry/use-item-names'
import { ValidationSummary } from '../entry/validation-summary'
import { useDraft } from '../entry/use-draft'
import { useEntry } from '../entry/use-entry'
import { useListCheck } from '../entry/use-list-check'
import { useScans } from '../entry/use-scans'
import { useStores } from '../entry/use-stores'
import { ValuesField } from '../entry/values-field'
import { ErrorAlert } from '../errors/error-alert'
import { EntrySummary } from '../entry/entry-summary'
import { JobWorkspace } from './job-workspace'
import { MissingCredentialsNotice } from './missing-credentials-notice'
import { ShownLookupNote } from './shown-lookup-note'
import { checkRun, sizeProblemOf } from './run-checks'
import { StoppedLookupNotice } from './stopped-lookup-notice'
import { useEntryFold } from './use-entry-fold'
import type { FormLoad } from '../entry/form-load'
import { ResultsLookupActions } from './results-lookup-actions'
import { SaveWatchlistControl } from './save-watchlist-control'
import { useFormLoad } from './use-form-load'
import { isJobActive, type LookupJob } from '../run/use-lookup-job'
import { formatCount } from '../format/format'

interface LookupScreenProps {
  settings: Settings
  /** The lookup on screen, kept by the app so History can open or resume one here. */
  job: LookupJob
  onOpenSettings: () => void
  onOpenHistory: () => void
  onOpenLookup: (jobId: string) => Promise<void>
  onResumeLookup: (jobId: string) => Promise<void>
  /** A list Edit put in the form (a lookup's or a watchlist's). */
  load: FormLoad | null
  /** Edit on a lookup that is not the form's own list: main reads its list for the form. */
  onEditLookup: (jobId: string) => Promise<void>
  /** Run again on the results: the lookup's lines, columns and stores, as a new run. */
  onRunAgain: (jobId: string) => Promise<void>
}

function countOf(values: number): string {
  return `${formatCount(values)} ${values === 1 ? 'value' : 'values'}`
}

export function LookupScreen({
  settings,
  job,
  onOpenSettings,
  onOpenHistory,
  onOpenLookup,
  onResumeLookup,
  load,
  onEditLookup,
  onRunAgain
}: LookupScreenProps) {
  const update = useUpdateSettings()
  const environment = settings.environment
  const stores = useStores(settings)
  const [itemType, setItemType] = useState<ItemType>(settings.itemType)
  const { entry, dispatch, latest } = useEntry()
  useDraft(entry, dispatch)
  const validation = useListCheck(entrySource(entry), itemType)
  const scans = useScans(latest, dispatch, validation)
  /** Bumped when an import is applied: the validation summary then takes the focus. */
  const [summaryFocus, setSummaryFocus] = useState(0)
  const [dragging, setDragging] = useState(false)
  const [runProblem, setRunProblem] = useState<string | null>(null)
  /** An imported file waiting for the user to agree that it replaces the list they already have. */
  const [pendingImport, setPendingImport] = useState<ImportedValues | null>(null)
  const storeFieldRef = useRef<HTMLDivElement>(null)
  const entryRef = useRef<HTMLElement>(null)
  const fold = useEntryFold(job)
  const active = isJobActive(job.progress) || job.running

  const { unfold } = fold
  const openEntry = useCallback(() => {
    unfold()
    requestAnimationFrame(() => entryRef.current?.querySelector<HTMLElement>('input, textarea')?.focus())
  }, [unfold])
  const { editing, savedNote, setSavedNote, build } = useFormLoad({
    load,
    settings,
    dispatch,
    stores,
    setItemType,
    itemType,
    latest,
    openEntry
  })

  const applyImport = useCallback(
    (values: ImportedValues) => {
      dispatch({ type: 'import', lines: values.lines, note: values.description, source: values.source })
      setRunProblem(null)
      setSummaryFocus((request) => request + 1)
    },
    [dispatch]
  )
  const hasValues = hasEntryValues(entry)
  const onImported = useCallback(
    (values: ImportedValues) => (hasValues ? setPendingImport(values) : applyImport(values)),
    [hasValues, applyImport]
  )
  const importer = useFileImport(onImported, undefined, { itemNames: true })
  const itemNames = useListItemNames(entry.source, itemType, validation.check)

  const distinctValues = validation.check?.summary.valid ?? 0
  const sizeProblem = sizeProblemOf(stores.check, distinctValues)

  const changeItemType = (next: ItemType) => {
    setItemType(next)
    update.mutate({ itemType: next })
  }

  const startLookup = async () => {
    const check = stores.check
    if (!check.ok) return
    stores.commit()
    const list = latest.current
    const previous = job.progress
    const started = await job.start({
      environment,
      stores: check.stores,
      itemType,
      lines: packInputColumn(entryLines(list)),
      ...(list.source === null ? {} : { source: list.source })
    })
    if (started === null) return
    fold.foldAfterRun(previous)
    // Run lookup is disabled while the job runs; take the keyboard along to the progress, where Cancel is.
    requestAnimationFrame(() => document.getElementById('job-progress-heading')?.focus())
  }

  const focusStores = () => storeFieldRef.current?.querySelector('textarea')?.focus()

  const runLookup = () => {
    const problem = checkRun(stores.check, () => entryLines(latest.current), sizeProblem)
    setRunProblem(problem?.message ?? null)
    if (problem === null) void startLookup()
    else if (problem.inStores) focusStores()
  }

  /** Ctrl+Enter (Cmd+Enter on a Mac) anywhere in the form runs the lookup, as the button would. */
  const onFormKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
    event.preventDefault()
    if (!active && job.busy !== 'start') runLookup()
  }

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file === undefined) return
    event.preventDefault()
    void importer.readFile(file)
  }

  return (
    <>
      {environment === 'demo' && !settings.demoBannerDismissed && (fold.open || job.progress === undefined) ? (
        <DemoBanner
          onDismiss={() => update.mutate({ demoBannerDismissed: true })}
          onUseSamples={() => {
            dispatch({ type: 'edit-text', doc: Text.of([...SAMPLE_GTINS]) })
            stores.choose(SAMPLE_STORE_GROUP.stores)
          }}
        />
      ) : null}
      <MissingCredentialsNotice environment={environment} onOpenSettings={onOpenSettings} />

      {job.progress === undefined ? <StoppedLookupNotice onResume={onResumeLookup} onOpen={onOpenLookup} /> : null}

      {job.progress !== undefined && fold.folded ? (
        <EntrySummary
          stores={job.progress.stores}
          values={job.progress.lines}
          onEdit={() => {
            // A lookup that is not the form's own list (a watchlist's run, a Run again, one from History) is loaded into the form.
            if (job.progress !== undefined && !job.fromForm) void onEditLookup(job.progress.jobId)
            else openEntry()
          }}
        />
      ) : null}
      <section
        ref={entryRef}
        hidden={fold.folded}
        className="panel entry-panel"
        aria-labelledby="entry-heading"
        data-dragging={dragging}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onKeyDown={onFormKeyDown}
      >
        <h2 id="entry-heading" tabIndex={-1}>
          What to look up
        </h2>
        <div ref={storeFieldRef}>
          <LookupTargetFields stores={stores} sizeProblem={sizeProblem} itemType={itemType} onItemTypeChange={changeItemType} />
        </div>
        <ValuesField
          doc={entry.doc}
          count={validation.check?.summary.total ?? null}
          hasValues={hasValues}
          importNote={entry.importNote}
          onEdit={(edit) => {
            validation.checkEdit(edit)
            dispatch({ type: 'edit-text', doc: edit.after })
          }}
          onClear={() => {
            dispatch({ type: 'clear' })
            scans.clearFeedback()
          }}
        />
        <div className="entry-tools">
          <ScanInput onScan={scans.onScan} feedback={scans.feedback} />
          <ImportButton onFile={(file) => void importer.readFile(file)} busy={importer.state.kind === 'reading'} />
        </div>
        {importer.state.kind === 'reading' ? <p role="status">Reading {importer.state.fileName}…</p> : null}
        {importer.state.kind === 'choosing-column' ? (
          <ColumnPicker
            summary={importer.state.summary}
            column={importer.state.column}
            onChange={importer.chooseColumn}
            nameColumn={importer.state.nameColumn}
            onNameChange={importer.chooseNameColumn}
            onConfirm={importer.confirmColumn}
            onCancel={importer.reset}
          />
        ) : null}
        {importer.state.kind === 'failed' ? <ErrorAlert error={importer.state.error} onDismiss={importer.reset} /> : null}

        <ValidationSummary
          validation={validation}
          itemType={itemType}
          onReplace={(line, input) => dispatch({ type: 'replace', line, input })}
          onRemove={(lines) => dispatch({ type: 'remove', lines })}
          focusRequest={summaryFocus}
          itemNames={itemNames}
        />

        <div className="run-bar">
          <button type="button" className="primary" onClick={runLookup} disabled={active || job.busy === 'start'}>
            {job.busy === 'start' ? 'Starting…' : 'Run lookup'}
          </button>
          <SaveWatchlistControl editing={editing} build={build} onProblem={setRunProblem} onSaved={setSavedNote} />
          <span className="muted">
            {ENVIRONMENT_LABELS[environment]} · every line gets a result, including invalid values and duplicates.
          </span>
        </div>
        {savedNote === null ? null : (
          <p className="notice notice-info" role="status">
            {savedNote}
          </p>
        )}
        {runProblem === null ? null : (
          <p className="notice notice-error" role="alert">
            {runProblem}
          </p>
        )}
        {job.error === null ? null : <ErrorAlert error={job.error} onOpenSettings={onOpenSettings} onDismiss={job.clearError} />}
      </section>

      {job.progress === undefined ? null : (
        <>
          <ShownLookupNote progress={job.progress} origin={job.origin} previousNote={fold.previousNote} onOpenHistory={onOpenHistory} />
          <JobWorkspace
            key={job.progress.jobId}
            progress={job.progress}
            busy={job.busy}
            onCancel={job.cancel}
            onRetryFailed={job.retryFailed}
            onResume={job.resumeShown}
            onOpenSettings={onOpenSettings}
            actions={<ResultsLookupActions progress={job.progress} onRunAgain={onRunAgain} />}
          />
        </>
      )}

      <ConfirmDialog
        open={pendingImport !== null}
        title="Replace the list with the file?"
        confirmLabel="Replace list"
        cancelLabel="Keep current list"
        onCancel={() => setPendingImport(null)}
        onConfirm={() => {
          if (pendingImport !== null) applyImport(pendingImport)
          setPendingImport(null)
        }}
      >
        <p>
          The {countOf(validation.check?.summary.total ?? 0)} now in “Values to look up” will be replaced by the{' '}
          {countOf(pendingImport?.lines.length ?? 0)} from {pendingImport?.fileName ?? 'the file'}.
        </p>
      </ConfirmDialog>
    </>
  )
}
