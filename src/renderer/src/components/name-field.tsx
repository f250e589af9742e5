import type { Ref } from 'react'

/** What a name field says: its label, an example name in the empty box, and the most characters a name may have. */
export interface NameFieldWords {
  readonly label: string
  readonly example: string
  readonly maxLength: number
}

interface NameFieldProps {
  /** The dialog's ids: the input is `${ids}-name`, its note `${ids}-note`. */
  ids: string
  words: NameFieldWords
  value: string
  /** What is wrong with the name, said in the note in place of the hint; null while nothing is. */
  problem: string | null
  hint: string
  inputRef: Ref<HTMLInputElement>
  /** A change is typed: the dialog takes the name and lets go of its problem. */
  onChange: (name: string) => void
}

/** The one field of a dialog that names what it saves (a watchlist, a store group), with its note below it. */
export function NameField({ ids, words, value, problem, hint, inputRef, onChange }: NameFieldProps) {
  const box = { id: `${ids}-name`, type: 'text', autoComplete: 'off', placeholder: words.example, maxLength: words.maxLength }
  return (
    <div className="field">
      <label htmlFor={box.id}>{words.label}</label>
      <input
        {...box}
        ref={inputRef}
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={`${ids}-note`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${ids}-note`} className={problem === null ? 'field-hint' : 'field-error'}>
        {problem ?? hint}
      </span>
    </div>
  )
}
