import { useId, useMemo } from 'react'
import { cellText, COLUMN_KEYS, COLUMN_NAMES, type ResultRow } from './result-row'

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null'
  } catch {
    return 'The raw item could not be shown.'
  }
}

/** The selected row's fields and, for a found item, the item exactly as the server sent it. */
export function DetailPanel({ row }: { row: ResultRow | null }) {
  const headingId = useId()
  const item = row?.result.item
  const raw = useMemo(() => (item === undefined ? null : prettyJson(item.raw)), [item])

  return (
    <aside className="results-detail" aria-labelledby={headingId}>
      <h3 id={headingId}>Item details</h3>
      {row === null ? (
        <p className="muted">Select a row to see its details.</p>
      ) : (
        <>
          <dl className="results-detail-fields">
            {COLUMN_KEYS.map((key) => {
              const text = cellText(row, key)
              return text === '' ? null : (
                <div key={key}>
                  <dt>{COLUMN_NAMES[key]}</dt>
                  <dd>{text}</dd>
                </div>
              )
            })}
            {row.result.value !== null && row.result.value !== row.result.input ? (
              <div>
                <dt>Looked up as</dt>
                <dd>{row.result.value}</dd>
              </div>
            ) : null}
            {item?.store_nbr === null || item === undefined ? null : (
              <div>
                <dt>Store</dt>
                <dd>{item.store_nbr}</dd>
              </div>
            )}
          </dl>
          <h4>Raw item (JSON)</h4>
          {raw === null ? (
            <p className="muted">The server returned no item for this line.</p>
          ) : (
            <pre className="results-detail-json" tabIndex={0} aria-label="Raw item JSON">
              {raw}
            </pre>
          )}
        </>
      )}
    </aside>
  )
}
