import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { outputJsonSchema } from '../src/shared/export/output-document'

/** Where the JSON Schema of `inventory-lookup --format json` lives, for people and programs reading the output. */
export const OUTPUT_SCHEMA_FILE = join(import.meta.dirname, '..', 'schemas', 'inventory-lookup-output.schema.json')

/** The schema file's text: generated from the zod schemas the command's rows are typed by, so it is written once. */
export function outputSchemaText(): string {
  return `${JSON.stringify(outputJsonSchema(), null, 2)}\n`
}

// `npm run schema:output` after changing output-document.ts; a test fails until the file matches.
if (import.meta.filename === process.argv[1]) writeFileSync(OUTPUT_SCHEMA_FILE, outputSchemaText())
