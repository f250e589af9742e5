// ESLint reads only code; this holds the project's stylesheets and pages to the same length limit.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { MAX_SOURCE_LINES } from './source-limits.mjs'

// The project's root, or (for the test of this check) the folder given.
const ROOT = process.argv[2] ?? join(import.meta.dirname, '..')
const FOLDERS = ['src', 'e2e', 'bench']
const CHECKED = /\.(css|html)$/

function* filesUnder(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) yield* filesUnder(path)
    else if (CHECKED.test(entry.name)) yield path
  }
}

/** Lines as `wc -l` and ESLint's max-lines count them: a final line break ends the last line, it does not start another. */
function lineCount(text) {
  const breaks = text.split('\n').length - 1
  return text.endsWith('\n') || text === '' ? breaks : breaks + 1
}

const tooLong = []
for (const folder of FOLDERS) {
  if (!existsSync(join(ROOT, folder))) continue
  for (const path of filesUnder(join(ROOT, folder))) {
    const name = relative(ROOT, path).split('\\').join('/')
    const lines = lineCount(readFileSync(path, 'utf8'))
    if (lines > MAX_SOURCE_LINES) tooLong.push(`${name}: ${lines} lines`)
  }
}
if (tooLong.length > 0) {
  console.error(`These files are longer than ${MAX_SOURCE_LINES} lines; split them along what they hold:\n  ${tooLong.join('\n  ')}`)
  process.exitCode = 1
}
