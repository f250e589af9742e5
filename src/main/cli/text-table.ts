/** Rows as aligned text columns for a terminal: numbers right-aligned, the rest left-aligned. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[], numeric: ReadonlySet<number>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)))
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd()
  return [format(header), ...rows.map(format)].join('\n')
}
