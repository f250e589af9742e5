import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { ItemType } from '../../../shared/domain/item-type'
import type { ValidationSummary as Counts } from '../../../shared/domain/values'
import { formatCount } from '../format/format'
import { tooManyValues } from './list-limits'
import type { ListCheck } from './list-check'
import type { EntryValidation } from './use-list-check'
import { GROUPS, type CheckedLine, type GroupDefinition, type GroupId } from './validation-groups'

interface ValidationSummaryProps {
  validation: EntryValidation
  itemType: ItemType
  onReplace: (line: number, input: string) => void
  onRemove: (lines: ReadonlySet<number>) => void
  /** Changes when the summary should take the keyboard focus, as soon as it describes the new list (after an import). */
  focusRequest: number
  /** The imported list's item names by line, shown beside each value. */
  itemNames?: ReadonlyMap<number, string>
}

const NO_NAMES: ReadonlyMap<number, string> = new Map()

export function ValidationSummary({
  validation,
  itemType,
  onReplace,
  onRemove,
  focusRequest,
  itemNames = NO_NAMES
}: ValidationSummaryProps) {
  const headingId = useId()
  const [open, setOpen] = useState<ReadonlySet<GroupId>>(() => new Set())
  const groupButtons = useRef(new Map<GroupId, HTMLButtonElement>())
  const pendingFocus = useRef<GroupId | null>(null)
  const section = useRef<HTMLElement>(null)
  const focusedFor = useRef(focusRequest)
  const { check, checking } = validation

  useEffect(() => {
    if (focusRequest === focusedFor.current || checking || section.current === null) return
    focusedFor.current = focusRequest
    section.current.focus()
  })

  // An edited or removed value leaves its list once the (deferred) check catches up; then put the
  // keyboard user back on its group, or on the first group when that one is gone, rather than on <body>.
  useEffect(() => {
    const target = pendingFocus.current
    if (target === null) return
    pendingFocus.current = null
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    const button =
      groupButtons.current.get(target) ?? GROUPS.map((group) => groupButtons.current.get(group.id)).find((found) => found !== undefined)
    button?.focus()
  }, [check])

  if (check === null || check.summary.total === 0) return null

  const toggle = (id: GroupId) =>
    setOpen((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })

  const keepFocusIn = (id: GroupId) => {
    pendingFocus.current = id
  }

  const shown = GROUPS.filter((group) => groupCount(check.summary, group.id) > 0)
  const tooMany = tooManyValues(check.summary.total)

  return (
    <section className="validation-summary" aria-labelledby={headingId} aria-busy={checking} ref={section} tabIndex={-1}>
      <h3 id={headingId}>Check before lookup</h3>
      {tooMany === null ? null : (
        <p className="notice notice-error" role="alert">
          {tooMany}
        </p>
      )}
      <p className="validation-sentence">{summarySentence(check, itemType)}</p>
      <ul className="validation-groups">
        {shown.map((group) => (
          <li key={group.id} className="validation-group" data-tone={group.tone}>
            <button
              type="button"
              className="group-toggle"
              aria-expanded={open.has(group.id)}
              aria-controls={`${headingId}-${group.id}`}
              ref={(element) => {
                if (element === null) groupButtons.current.delete(group.id)
                else groupButtons.current.set(group.id, element)
              }}
              onClick={() => toggle(group.id)}
            >
              <span className="group-count">{formatCount(groupCount(check.summary, group.id))}</span>
              <span>{group.label}</span>
            </button>
            {group.id === 'duplicate' ? (
              <button
                type="button"
                onClick={() => {
                  onRemove(new Set(check.duplicateLines))
                  keepFocusIn('valid')
                }}
              >
                Remove duplicates
              </button>
            ) : null}
            {open.has(group.id) ? (
              <GroupList
                id={`${headingId}-${group.id}`}
                group={group}
                lines={check.listed[group.id]}
                count={groupCount(check.summary, group.id)}
                onReplace={(line, input) => {
                  onReplace(line, input)
                  keepFocusIn(group.id)
                }}
                itemNames={itemNames}
                onRemove={(line) => {
                  onRemove(new Set([line]))
                  keepFocusIn(group.id)
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {check.invalidLines.length > 0 ? (
        <div>
          <button type="button" className="danger" onClick={() => onRemove(new Set(check.invalidLines))}>
            Remove all invalid
          </button>{' '}
          <span className="muted">Invalid values you keep are listed as invalid in the results, with the reason.</span>
        </div>
      ) : null}
    </section>
  )
}

interface GroupListProps {
  id: string
  group: GroupDefinition
  /** The group's first lines; `count` is how many it has in all. */
  lines: readonly CheckedLine[]
  count: number
  onReplace: (line: number, input: string) => void
  onRemove: (line: number) => void
  itemNames: ReadonlyMap<number, string>
}

function ItemName({ name }: { name: string | undefined }) {
  return name === undefined ? null : <span className="value-item-name">{name}</span>
}

function GroupList({ id, group, lines, count, onReplace, onRemove, itemNames }: GroupListProps) {
  return (
    <div id={id}>
      {/* A list without fields scrolls too: it takes a Tab stop so the keyboard can scroll it. */}
      <ul className="value-list" aria-label={group.label} tabIndex={group.fixable ? undefined : 0}>
        {lines.map((line) =>
          group.fixable ? (
            <FixableValue
              key={`${line.line}\u0000${line.input}`}
              line={line}
              itemName={itemNames.get(line.line)}
              onReplace={onReplace}
              onRemove={onRemove}
            />
          ) : (
            <li key={line.line} className="value-item">
              <span className="line-number">Line {line.line}</span>
              <span className="mono">{line.input}</span>
              {line.value !== null && line.value !== line.input ? (
                <>
                  <span aria-hidden="true">→</span>
                  <span className="visually-hidden">becomes</span>
                  <span className="mono">{line.value}</span>
                </>
              ) : null}
              <ItemName name={itemNames.get(line.line)} />
            </li>
          )
        )}
      </ul>
      {count > lines.length ? (
        <p className="muted">
          Showing the first {formatCount(lines.length)} of {formatCount(count)}.
        </p>
      ) : null}
    </div>
  )
}

interface FixableValueProps {
  line: CheckedLine
  itemName: string | undefined
  onReplace: (line: number, input: string) => void
  onRemove: (line: number) => void
}

function FixableValue({ line, itemName, onReplace, onRemove }: FixableValueProps) {
  const ids = useId()
  const [draft, setDraft] = useState(line.input)
  const commit = () => {
    if (draft.trim() !== line.input) onReplace(line.line, draft)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    } else if (event.key === 'Escape') {
      setDraft(line.input)
    }
  }
  return (
    <li className="value-item">
      <span className="line-number">Line {line.line}</span>
      <input
        type="text"
        aria-label={`Value on line ${line.line}`}
        aria-describedby={`${ids}-reason`}
        spellCheck={false}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      <ItemName name={itemName} />
      <span id={`${ids}-reason`} className="muted">
        {reasonText(line)}
      </span>
      <button type="button" aria-label={`Remove line ${line.line}`} onClick={() => onRemove(line.line)}>
        Remove
      </button>
    </li>
  )
}

function reasonText(line: CheckedLine): string {
  if (line.status === 'duplicate') return line.duplicateOf === undefined ? 'Repeats an earlier line.' : `Repeats line ${line.duplicateOf}.`
  return line.note ?? ''
}

function groupCount(summary: Counts, id: GroupId): number {
  switch (id) {
    case 'valid':
      return summary.valid
    case 'padded':
      return summary.padded
    case 'zeros_restored':
      return summary.leadingZerosRestored
    case 'check_digit':
      return summary.checkDigit
    case 'length_or_characters':
      return summary.lengthOrCharacters
    case 'scientific_notation':
      return summary.scientificNotation
    case 'duplicate':
      return summary.duplicate
  }
}

function summarySentence({ summary }: ListCheck, itemType: ItemType): string {
  const parts = [`${formatCount(summary.valid)} valid`]
  if (itemType === 'gtin') {
    parts.push(`${formatCount(summary.padded)} padded to 14 digits`)
    parts.push(`${formatCount(summary.leadingZerosRestored)} with leading zeros restored`)
  }
  parts.push(`${formatCount(summary.checkDigit)} wrong check digit`)
  parts.push(`${formatCount(summary.lengthOrCharacters)} wrong length or characters`)
  parts.push(`${formatCount(summary.scientificNotation)} lost to scientific notation`)
  parts.push(`${formatCount(summary.duplicate)} duplicate`)
  return `${formatCount(summary.total)} ${summary.total === 1 ? 'value' : 'values'}: ${parts.join(', ')}.`
}
