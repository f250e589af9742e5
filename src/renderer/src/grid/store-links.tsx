import { createContext, useContext, type MouseEvent } from 'react'
import type { GridColumn, GridRow, StoreLink } from './grid-row'

/** Opens one store's answer for a row (the detail panel), given by the screen that shows the grid. */
export type OpenStore = (row: GridRow, storeNbr: number) => void

export const OpenStoreContext = createContext<OpenStore | null>(null)

interface StoreLinksProps<C extends GridColumn> {
  row: GridRow<C>
  links: readonly StoreLink[]
  /** The grid's roving tab index for the cell's content: 0 on the active cell, so Tab reaches its buttons. */
  tabIndex: number
}

/**
 * A cell naming stores, each a button ("1234 Out") that opens that store's answer. The click stays
 * with the button: the cell's own click would open the row instead.
 */
export function StoreLinks<C extends GridColumn>({ row, links, tabIndex }: StoreLinksProps<C>) {
  const open = useContext(OpenStoreContext)
  if (links.length === 0) return null
  return (
    <span className="store-links">
      {links.map((link) => (
        <button
          key={link.storeNbr}
          type="button"
          className="store-link"
          data-status={link.status}
          tabIndex={tabIndex}
          aria-label={`Store ${link.text}`}
          disabled={open === null}
          onClick={(event: MouseEvent) => {
            event.stopPropagation()
            open?.(row as GridRow, link.storeNbr)
          }}
        >
          {link.text}
        </button>
      ))}
    </span>
  )
}
