import { useDeferredValue, useState } from 'react'

/** A column's header, and the id of the figure tip that says what it counts (none for Lookup and When). */
export interface TrendColumn {
  readonly label: string
  readonly describedBy?: string
}

interface TrendTableProps {
  caption: string
  columns: readonly TrendColumn[]
  rows: readonly (readonly string[])[]
}

/** Tables of more rows than this start folded: a year of runs in 50 stores is 38,000 cells to draw. */
const OPEN_UP_TO = 120

/**
 * A chart's figures as a table beside it, for screen readers and for copying into a spreadsheet.
 * Long tables are drawn only once unfolded. The rows come in just after the chart is drawn (a
 * deferred value): laying out 90 runs x 50 stores of cells held the chart's first frame back.
 */
export function TrendTable({ caption, columns, rows }: TrendTableProps) {
  const [open, setOpen] = useState(rows.length <= OPEN_UP_TO)
  const shownRows = useDeferredValue<readonly (readonly string[])[] | null>(rows, null)
  return (
    <details className="trend-table" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Data table: {caption}</summary>
      {open && shownRows === null ? <p role="status">Filling in the table…</p> : null}
      {open && shownRows !== null ? (
        <div className="trend-table-frame">
          <table>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  // A described header takes focus, so the keyboard shows its tip as the pointer does.
                  <th
                    key={column.label}
                    scope="col"
                    aria-describedby={column.describedBy}
                    tabIndex={column.describedBy === undefined ? undefined : 0}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shownRows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, column) =>
                    column === 0 ? (
                      <th key={column} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={column}>{cell}</td>
                    )
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  )
}
