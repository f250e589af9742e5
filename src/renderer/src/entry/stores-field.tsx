import { useCallback, useId, useState } from 'react'
import { formatStoreList, parseStoreList } from '../../../shared/domain/store-list'
import { storeColumnOf, storeEntriesOfCells } from '../../../shared/domain/store-column'
import { ErrorAlert } from '../errors/error-alert'
import { formatCount } from '../format/format'
import { ColumnPicker } from './column-picker'
import { ImportButton } from './import-button'
import { SaveGroupDialog } from './save-group-dialog'
import { groupNamed } from './store-groups'
import { useFileImport, type ImportedValues } from './use-file-import'
import type { StoresEntry } from './use-stores'

interface StoresFieldProps {
  stores: StoresEntry
  /** Said when stores x distinct values is over the cap: the lookup could not run as it is. */
  sizeProblem: string | null
}

function storeCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'store' : 'stores'}`
}

/**
 * "Stores": one store or many, typed or pasted (commas, spaces, new lines, ranges such as 100-120),
 * imported from a column of a file, or chosen from a saved group. What it reads as is said under it
 * as it is typed: how many stores, duplicates removed, the bad entries by name, the cap.
 */
export function StoresField({ stores, sizeProblem }: StoresFieldProps) {
  const ids = useId()
  const [saving, setSaving] = useState(false)
  /** What an import read, said until the list is edited. */
  const [importNote, setImportNote] = useState<string | null>(null)
  const { check, group, savedGroup } = stores

  const onImported = useCallback(
    (values: ImportedValues) => {
      const text = storeEntriesOfCells(values.lines.map((line) => line.input)).join(', ')
      const read = parseStoreList(text)
      // A good column reads as a compact list; one with bad entries stays as it was, so each is named and can be fixed.
      if (read.ok) stores.choose(read.stores)
      else stores.setText(text)
      setImportNote(
        read.ok ? `Read ${storeCount(read.stores.length)} from ${values.fileName}.${read.message === null ? '' : ` ${read.message}`}` : null
      )
    },
    [stores]
  )
  const importer = useFileImport(onImported, storeColumnOf)

  let status: string
  if (!check.ok) status = check.message
  else if (sizeProblem !== null) status = sizeProblem
  else
    status = [storeCount(check.stores.length), group === null ? null : `group ${group.name}`, check.message]
      .filter((part) => part !== null)
      .join(' · ')
  const invalid = !check.ok || sizeProblem !== null

  return (
    <div className="field stores-field">
      <label htmlFor={`${ids}-stores`}>Stores</label>
      <textarea
        id={`${ids}-stores`}
        className="store-input"
        rows={1}
        spellCheck={false}
        autoComplete="off"
        value={stores.text}
        aria-invalid={invalid}
        aria-describedby={`${ids}-status`}
        onChange={(event) => {
          stores.setText(event.target.value)
          setImportNote(null)
        }}
        onBlur={stores.commit}
      />
      <span id={`${ids}-status`} className={invalid ? 'field-error' : 'field-hint'}>
        {status}
      </span>
      <div className="stores-tools">
        <div className="field">
          <label htmlFor={`${ids}-group`} className="visually-hidden">
            Store group
          </label>
          <select
            id={`${ids}-group`}
            value={group?.name ?? ''}
            onChange={(event) => {
              const chosen = groupNamed(stores.groups, event.target.value)
              if (chosen !== null) stores.choose(chosen.stores)
            }}
          >
            <option value="">{stores.groups.length === 0 ? 'No store groups yet' : 'Choose a store group…'}</option>
            {stores.groups.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name} ({storeCount(candidate.stores.length)}: {formatStoreList(candidate.stores)})
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => setSaving(true)} disabled={!check.ok}>
          Save as group
        </button>
        {savedGroup === null ? null : (
          <button type="button" onClick={() => stores.deleteGroup(savedGroup.name)}>
            Delete group {savedGroup.name}
          </button>
        )}
        <ImportButton
          label="Import stores"
          hint={false}
          onFile={(file) => void importer.readFile(file)}
          busy={importer.state.kind === 'reading'}
        />
      </div>
      <p role="status" className="field-hint">
        {importer.state.kind === 'reading' ? `Reading ${importer.state.fileName}…` : importNote}
      </p>
      {importer.state.kind === 'choosing-column' ? (
        <ColumnPicker
          summary={importer.state.summary}
          what="store numbers"
          column={importer.state.column}
          onChange={importer.chooseColumn}
          onConfirm={importer.confirmColumn}
          onCancel={importer.reset}
        />
      ) : null}
      {importer.state.kind === 'failed' ? <ErrorAlert error={importer.state.error} onDismiss={importer.reset} /> : null}
      <SaveGroupDialog
        open={saving}
        stores={check.ok ? check.stores : []}
        groups={stores.groups}
        onCancel={() => setSaving(false)}
        onSave={(saved) => {
          stores.saveGroup(saved)
          setSaving(false)
        }}
      />
    </div>
  )
}
