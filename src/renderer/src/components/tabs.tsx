import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

interface Tab<T extends string> {
  id: T
  label: string
}

interface TabListProps<T extends string> {
  label: string
  tabs: readonly Tab<T>[]
  selected: T
  onSelect: (id: T) => void
  /** The id of the tab panel the tabs control, and the prefix of each tab's own id (`${idPrefix}-tab-${id}`). */
  panelId: string
  idPrefix: string
}

/** WAI-ARIA tab list: arrow keys, Home and End move between tabs; for panels laid out apart from their tabs. */
export function TabList<T extends string>({ label, tabs, selected, onSelect, panelId, idPrefix }: TabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>())

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected)
    const target =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined
    if (target === undefined) return
    event.preventDefault()
    onSelect(target.id)
    refs.current.get(target.id)?.focus()
  }

  return (
    <div role="tablist" aria-label={label} className="tab-list" onKeyDown={move}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element === null) refs.current.delete(tab.id)
            else refs.current.set(tab.id, element)
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          aria-selected={tab.id === selected}
          aria-controls={panelId}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

interface TabsProps<T extends string> {
  label: string
  tabs: readonly Tab<T>[]
  selected: T
  onSelect: (id: T) => void
  children: ReactNode
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; Tab moves into the panel. */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const baseId = useId()
  return (
    <div className="tabs">
      <TabList label={label} tabs={tabs} selected={selected} onSelect={onSelect} panelId={`${baseId}-panel`} idPrefix={baseId} />
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`} className="tab-panel">
        {children}
      </div>
    </div>
  )
}
