import type { ExportFormat } from '../../shared/contract'

/**
 * What the headless command writes: the app's two formats for people (CSV and XLSX, with the
 * screen's labels) and two for scripts (JSON, one document; NDJSON, one row per line), both with
 * the stable keys of output-document.ts.
 */
export const OUTPUT_FORMATS = ['json', 'ndjson', 'csv', 'xlsx'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

/** `--output -`: standard output; every message then goes to standard error (they always do). */
export const STANDARD_OUTPUT = '-'

const BY_EXTENSION: Readonly<Record<string, OutputFormat>> = {
  json: 'json',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
  csv: 'csv',
  xlsx: 'xlsx'
}

/** The format an output path's extension names; null when it names none. */
export function formatOfPath(path: string): OutputFormat | null {
  const extension = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase()
  return extension === undefined ? null : (BY_EXTENSION[extension] ?? null)
}

export function isOutputFormat(text: string): text is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(text)
}

/** The formats for people, which the app's export writers write with the screen's labels. */
export function peopleFormat(format: OutputFormat): Extract<ExportFormat, 'csv' | 'xlsx'> | null {
  return format === 'csv' || format === 'xlsx' ? format : null
}

/**
 * The format for `--output`: `--format` when given, else the path's extension; standard output has
 * none, so it needs `--format`. A message (one sentence) when neither says.
 */
export function chooseOutputFormat(output: string, formatFlag: string | undefined): { format: OutputFormat } | { problem: string } {
  if (formatFlag !== undefined) {
    const format = formatFlag.trim().toLowerCase()
    return isOutputFormat(format) ? { format } : { problem: `--format ${formatFlag} is not a format; use json, ndjson, csv or xlsx.` }
  }
  if (output === STANDARD_OUTPUT) {
    return {
      problem: '--output - writes to standard output, which has no extension to choose the format; add --format json, ndjson, csv or xlsx.'
    }
  }
  const format = formatOfPath(output)
  return format === null
    ? { problem: `--output ${output} must end in .json, .ndjson, .csv or .xlsx, or --format must say the format.` }
    : { format }
}
