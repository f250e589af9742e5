import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import type { ExportSheet } from '../src/shared/export/export-sheet'
import { readImport } from '../src/main/files/import/read-import'
import { writeResults } from '../src/main/files/write-results'
import { validGtins } from '../src/main/jobs/test-support/gtin-fixtures'

/**
 * XLSX library benchmark (`npm run bench:xlsx`; not a test): reading and writing 200,000 rows x 10
 * columns with exceljs 4.4 (its whole-workbook reader, its streaming reader, its streaming writer)
 * and with the app's own reader and writer (Node's zlib + a streaming XML scanner). Each task runs
 * in a process of its own, so its peak memory (max RSS) is its own. The file read is written by
 * exceljs with shared strings, as Excel writes them.
 */

const ROWS = 200_000
const COLUMNS = ['GTIN', 'Description', 'Brand', 'Size', 'Case Pack', 'Department', 'On shelf', 'Backroom', 'On hand', 'Status']

function row(gtin: string, index: number): (string | number)[] {
  return [
    gtin,
    `Item ${index} family size`,
    `Brand ${index % 300}`,
    `${index % 9} oz`,
    6 + (index % 4) * 6,
    `Dept ${index % 40}`,
    index % 7,
    index % 5,
    (index % 7) + (index % 5),
    ['In stock', 'Low stock', 'Out of stock'][index % 3] ?? ''
  ]
}

const tasks: Record<string, (file: string) => Promise<string>> = {
  async 'exceljs: write (streaming)'(file) {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true })
    const sheet = workbook.addWorksheet('Items', { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.addRow(COLUMNS).commit()
    validGtins(ROWS).forEach((gtin, index) => sheet.addRow(row(gtin, index)).commit())
    sheet.commit()
    await workbook.commit()
    return `${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB`
  },
  async 'app: write'(file) {
    const gtins = validGtins(ROWS)
    const sheet: ExportSheet = {
      name: 'Items',
      columns: COLUMNS.map((label, index) => ({ label, kind: index === 0 ? 'id' : index >= 6 && index <= 8 ? 'number' : 'text' })),
      rows: gtins.map((gtin, index) => row(gtin, index))
    }
    await writeResults(file, 'xlsx', [sheet])
    return `${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB`
  },
  async 'exceljs: read (whole workbook)'(file) {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(file)
    return `${workbook.worksheets[0]?.rowCount ?? 0} rows`
  },
  async 'exceljs: read (streaming)'(file) {
    let rows = 0
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', worksheets: 'emit' })
    for await (const sheet of reader) {
      for await (const sheetRow of sheet) rows += (sheetRow as ExcelJS.Row).number > 0 ? 1 : 0
      break
    }
    return `${rows} rows`
  },
  async 'app: read'(file) {
    const { table } = await readImport('bench.xlsx', new Uint8Array(await readFile(file)))
    return `${table.shape.rowCount + 1} rows`
  }
}

async function runTask(name: string, file: string): Promise<void> {
  const task = tasks[name]
  if (task === undefined) throw new Error(`no task ${name}`)
  const started = performance.now()
  const outcome = await task(file)
  const ms = performance.now() - started
  process.stdout.write(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, outcome }))
}

function inChild(name: string, file: string): { ms: number; maxRssMb: number; outcome: string } {
  const output = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--task', name, file], {
    encoding: 'utf8'
  })
  return JSON.parse(output) as { ms: number; maxRssMb: number; outcome: string }
}

async function main(): Promise<void> {
  console.log(`XLSX benchmark on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}`)
  console.log(`${ROWS.toLocaleString('en-US')} rows x ${COLUMNS.length} columns; each task in its own process\n`)
  const dir = await mkdtemp(join(tmpdir(), 'xlsx-bench-'))
  try {
    const excelFile = join(dir, 'exceljs.xlsx')
    console.log(`${'task'.padEnd(34)}${'time'.padStart(9)}${'peak RSS'.padStart(11)}  result`)
    for (const [name, file] of [
      ['exceljs: write (streaming)', excelFile],
      ['app: write', join(dir, 'app.xlsx')],
      ['exceljs: read (whole workbook)', excelFile],
      ['exceljs: read (streaming)', excelFile],
      ['app: read', excelFile]
    ] as const) {
      const { ms, maxRssMb, outcome } = inChild(name, file)
      console.log(`${name.padEnd(34)}${`${(ms / 1000).toFixed(2)} s`.padStart(9)}${`${maxRssMb.toFixed(0)} MB`.padStart(11)}  ${outcome}`)
    }
    console.log('\n(Peak RSS includes Node and tsx themselves, about 60 MB.)')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const taskAt = process.argv.indexOf('--task')
const job = taskAt === -1 ? main() : runTask(process.argv[taskAt + 1] ?? '', process.argv[taskAt + 2] ?? '')
job.catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
