import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

interface Tab<T extends string> {
  id: T
  label: string
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
    <div className="tabs">
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
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`} className="tab-panel">
        {children}
      </div>
    </div>
  )
}
