import { useId, useRef, useState, type FormEvent } from 'react'
import { NameField, type NameFieldWords } from '../components/name-field'
import { useModalDialog } from '../components/use-modal-dialog'
import { MAX_STORE_GROUP_NAME_CHARS, storeGroupSchema, type StoreGroup } from '../../../shared/settings'
import { formatCount } from '../format/format'
import { groupNamed } from './store-groups'

const NAME_WORDS: NameFieldWords = { label: 'Group name', example: 'District 12', maxLength: MAX_STORE_GROUP_NAME_CHARS }

interface SaveGroupDialogProps {
  open: boolean
  stores: readonly number[]
  groups: readonly StoreGroup[]
  onSave: (group: StoreGroup) => void
  onCancel: () => void
}

/** "Save as group": names the current list of stores. A name already taken is said, and saving replaces that group. */
export function SaveGroupDialog({ open, stores, groups, onSave, onCancel }: SaveGroupDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const ids = useId()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  useModalDialog(dialogRef, open, () => {
    setName('')
    setProblem(null)
    inputRef.current?.focus()
  })

  const taken = name.trim() === '' ? null : groupNamed(groups, name)
  const hint = taken === null ? 'Choose it later from Store group.' : `A group named ${taken.name} exists; saving replaces its stores.`
  const rename = (typed: string) => {
    setName(typed)
    setProblem(null)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = storeGroupSchema.safeParse({ name, stores })
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the group name.')
      inputRef.current?.focus()
      return
    }
    onSave(parsed.data)
  }

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <form onSubmit={submit}>
        <h2 id={`${ids}-title`}>
          Save these {formatCount(stores.length)} {stores.length === 1 ? 'store' : 'stores'} as a group
        </h2>
        <NameField ids={ids} words={NAME_WORDS} value={name} problem={problem} hint={hint} inputRef={inputRef} onChange={rename} />
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary">
            {taken === null ? 'Save group' : 'Replace group'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
