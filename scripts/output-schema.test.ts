import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OUTPUT_ROW_SCHEMAS } from '../src/shared/export/output-document'
import { outputValidator } from '../src/main/cli/test-support/output-validator'
import { OUTPUT_SCHEMA_FILE, outputSchemaText } from './write-output-schema'

/** The README's example of `--format json`: its first line (the document up to its rows) and its first row. */
function readmeExample(): { head: unknown; row: unknown } {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8')
  const [head = '', row = ''] = /^```json\n([\s\S]*?)^```$/m.exec(readme)?.[1]?.split('\n') ?? []
  return { head: JSON.parse(`${head}]}`), row: JSON.parse(row.replace(/,$/, '')) }
}

/** The JSON Schema people and programs read is the one the command's rows are typed by. */
describe('schemas/inventory-lookup-output.schema.json', () => {
  it('is what the zod schemas generate (npm run schema:output writes it again)', () => {
    expect(readFileSync(OUTPUT_SCHEMA_FILE, 'utf8')).toBe(outputSchemaText())
  })

  it('is a valid JSON Schema with each row kind under $defs, for checking one NDJSON line', () => {
    const schema = JSON.parse(readFileSync(OUTPUT_SCHEMA_FILE, 'utf8')) as { $defs: Record<string, unknown> }
    const validator = outputValidator()
    expect(validator.document({ schemaVersion: 1, view: 'items', rows: [] })).toContain(" must have required property 'run'")
    for (const view of Object.keys(OUTPUT_ROW_SCHEMAS) as (keyof typeof OUTPUT_ROW_SCHEMAS)[]) {
      expect(validator.row(view, {}).length, view).toBeGreaterThan(0)
    }
    expect(Object.keys(schema.$defs).sort()).toEqual([
      'ByItemRow',
      'CompareRow',
      'ItemsRow',
      'LocationsRow',
      'MatrixRow',
      'Run',
      'StoresRow'
    ])
    expect(Object.keys(OUTPUT_ROW_SCHEMAS).sort()).toEqual(['by-item', 'compare', 'items', 'locations', 'matrix', 'stores'])
  })

  it("accepts the README's example, which shows the keys in the order the command writes them", () => {
    const validator = outputValidator()
    const { head, row } = readmeExample()
    expect(validator.document(head)).toEqual([])
    expect(validator.row('items', row)).toEqual([])
    expect(Object.keys(row as object)).toEqual(Object.keys(OUTPUT_ROW_SCHEMAS.items.shape))
  })
})
