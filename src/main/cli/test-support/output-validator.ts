import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import type { OutputView } from '../../../shared/export/output-document'

const SCHEMA_FILE = join(import.meta.dirname, '..', '..', '..', '..', 'schemas', 'inventory-lookup-output.schema.json')

const ROW_DEFS: Readonly<Record<OutputView, string>> = {
  items: 'ItemsRow',
  locations: 'LocationsRow',
  'by-item': 'ByItemRow',
  stores: 'StoresRow',
  matrix: 'MatrixRow',
  compare: 'CompareRow'
}

/** RFC 3339 date-times, as the schema's `format: date-time` means (ajv leaves formats to a plugin). */
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/

export interface OutputValidator {
  /** The errors of a `--format json` document, empty when it is valid. */
  document(value: unknown): string[]
  /** The errors of one `--format ndjson` line of the view. */
  row(view: OutputView, value: unknown): string[]
}

/** Validates output against the JSON Schema file in the repository, as a program reading it would. */
export function outputValidator(): OutputValidator {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  ajv.addFormat('date-time', (text: string) => DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)))
  ajv.addSchema({ ...schema, $id: 'output' })
  const errorsOf = (validate: ValidateFunction, value: unknown) =>
    validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`)
  const document = ajv.getSchema('output')
  if (document === undefined) throw new Error('the output schema did not compile')
  return {
    document: (value) => errorsOf(document, value),
    row(view, value) {
      const validate = ajv.getSchema(`output#/$defs/${ROW_DEFS[view]}`)
      if (validate === undefined) throw new Error(`the output schema has no ${ROW_DEFS[view]}`)
      return errorsOf(validate, value)
    }
  }
}
