import { closeSync, openSync, readFileSync, rmSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/domain/app-error'
import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_XLSX_SHARED_STRINGS, MAX_XLSX_UNPACKED_BYTES } from '../../../shared/limits'
import { readFirstSheet } from '../xlsx/read-first-sheet'
import { ZipWriter } from '../export/zip-writer'
import { readImport } from './read-import'
import { createTableBuilder, threadCpuMs, TooSlowError } from './table-builder'

/**
 * Files made to hurt: each must be refused with a sentence naming the problem or the limit, quickly
 * and without holding what it would unpack to. (Time and memory of the big shapes are printed by
 * `npm run bench:main`.)
 */

const dir = mkdtempSync(join(tmpdir(), 'hostile-files-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const utf8 = (text: string) => new TextEncoder().encode(text)

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Items" sheetId="1" r:id="rId1"/></sheets></workbook>'
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>'

function sheet(rows: string, doctype = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${doctype}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`
}

let files = 0
/** A workbook from raw parts; `fill` writes more into the sheet entry (a bomb's padding). */
function workbook(parts: { sheet: string; sharedStrings?: string }, fill?: (write: (text: string) => void) => void): Uint8Array {
  const zip = new ZipWriter()
  zip.entry('xl/workbook.xml').write(WORKBOOK)
  zip.entry('xl/_rels/workbook.xml.rels').write(RELS)
  const entry = zip.entry('xl/worksheets/sheet1.xml')
  entry.write(parts.sheet)
  fill?.((text) => entry.write(text))
  if (parts.sharedStrings !== undefined) zip.entry('xl/sharedStrings.xml').write(parts.sharedStrings)
  return zipBytes(zip)
}

function zipBytes(zip: ZipWriter): Uint8Array {
  const path = join(dir, `book-${files++}.xlsx`)
  const fd = openSync(path, 'w')
  try {
    zip.writeTo(fd)
  } finally {
    closeSync(fd)
  }
  return readFileSync(path)
}

async function refusal(fileName: string, bytes: Uint8Array): Promise<string> {
  const error = await readImport(fileName, bytes).then(
    () => null,
    (caught: unknown) => caught
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).code).toBe('file_unreadable')
  return (error as AppError).message
}

const DAMAGED = /could not be read as an Excel workbook; it may be damaged/

describe('hostile workbooks', () => {
  it('reads a workbook built from raw parts, so the refusals below are about what was added', async () => {
    const bytes = workbook({
      sheet: sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2"><v>12345678905</v></c></row>'),
      sharedStrings: '<sst><si><t>UPC</t></si></sst>'
    })
    const { table } = await readImport('raw.xlsx', bytes)
    expect(table.rows()).toEqual([{ line: 2, cells: ['12345678905'] }])
  })

  it('refuses an external entity (XXE) without reading the file it names', async () => {
    const xxe = '<!DOCTYPE worksheet [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
    const message = await refusal(
      'xxe.xlsx',
      workbook({ sheet: sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>&xxe;</t></is></c></row>', xxe) })
    )
    expect(message).toMatch(DAMAGED)
    expect(message).not.toContain('root:')
  })

  it('refuses a "billion laughs" of nested entities in the shared strings', async () => {
    const laughs = Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join('')
    const sharedStrings = `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY lol0 "lol">${laughs}]><sst><si><t>&lol9;</t></si></sst>`
    expect(
      await refusal('laughs.xlsx', workbook({ sheet: sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), sharedStrings }))
    ).toMatch(DAMAGED)
  })

  it('refuses an entity that was never declared', async () => {
    expect(
      await refusal('entity.xlsx', workbook({ sheet: sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>&lol;</t></is></c></row>') }))
    ).toMatch(DAMAGED)
  })

  it(`refuses a zip bomb once it has unpacked ${MAX_XLSX_UNPACKED_BYTES / 1024 / 1024} MB, naming the limit`, async () => {
    const run = ' '.repeat(1 << 20)
    const bomb = workbook({ sheet: sheet('<row r="1"><c r="A1"><v>1</v></c></row>').replace('</sheetData>', '') }, (write) => {
      for (let mb = 0; mb <= MAX_XLSX_UNPACKED_BYTES / (1 << 20); mb++) write(run)
    })
    expect(bomb.byteLength).toBeLessThan(10 * 1024 * 1024)
    expect(await refusal('bomb.xlsx', bomb)).toMatch(
      /unpacks to more than 512 MB of spreadsheet data, the most the app reads\. .*save the sheet as CSV/
    )
  })

  it('refuses a value in a column past the 1,000th, and a cell longer than 1,000 characters', async () => {
    const farColumn = workbook({ sheet: sheet('<row r="3"><c r="ALM3"><v>1</v></c></row>') })
    expect(await refusal('wide.xlsx', farColumn)).toMatch(
      new RegExp(`Row 3 of wide\\.xlsx has more than ${MAX_IMPORT_COLUMNS.toLocaleString('en-US')} columns`)
    )
    // An empty styled cell far to the right is formatting, not data.
    const styledOnly = workbook({ sheet: sheet('<row r="1"><c r="A1"><v>5</v></c><c r="XFD1" s="1"/></row>') })
    expect((await readImport('styled.xlsx', styledOnly)).table.shape.columns).toHaveLength(1)
    const long = workbook({
      sheet: sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
      sharedStrings: `<sst><si><t>${'x'.repeat(MAX_IMPORT_CELL_CHARS + 1)}</t></si></sst>`
    })
    expect(await refusal('long.xlsx', long)).toMatch(/Row 1, column A of long\.xlsx holds more than 1,000 characters/)
  })

  it('refuses row numbers past the last row a sheet has, and markup that never ends', async () => {
    expect(await refusal('rows.xlsx', workbook({ sheet: sheet('<row r="1048577"><c><v>1</v></c></row>') }))).toMatch(DAMAGED)
    const endless = workbook({ sheet: sheet('<row r="1"><c r="A1"><v>1</v></c></row>').replace('</sheetData>', '<c r="') }, (write) => {
      for (let mb = 0; mb < 2; mb++) write('A'.repeat(1 << 20))
    })
    expect(await refusal('endless.xlsx', endless)).toMatch(DAMAGED)
  })

  it(`refuses more than ${MAX_XLSX_SHARED_STRINGS.toLocaleString('en-US')} shared strings, naming the limit`, async () => {
    const empties = '<si/>'.repeat(1_000_000)
    const strings = new ZipWriter()
    strings.entry('xl/workbook.xml').write(WORKBOOK)
    strings.entry('xl/_rels/workbook.xml.rels').write(RELS)
    strings.entry('xl/worksheets/sheet1.xml').write(sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'))
    const part = strings.entry('xl/sharedStrings.xml')
    part.write('<sst>')
    for (let written = 0; written <= MAX_XLSX_SHARED_STRINGS; written += 1_000_000) part.write(empties)
    part.write('</sst>')
    expect(await refusal('strings.xlsx', zipBytes(strings))).toBe(
      'strings.xlsx lists more than 20,000,000 shared texts, the most the app reads from a workbook. Copy the columns you need into a new workbook, or save the sheet as CSV, and import that.'
    )
  })

  it('refuses a row with more cells than a sheet has columns as damaged, at the first one too many', async () => {
    const wide = workbook({ sheet: sheet(`<row r="1">${'<c/>'.repeat(16_385)}</row>`) })
    expect(await refusal('cells.xlsx', wide)).toMatch(DAMAGED)
  })

  it("reaches the import's time budget inside any part, not only between rows: the shared strings, and one long row", async () => {
    const strings = workbook({
      sheet: sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
      sharedStrings: `<sst>${'<si/>'.repeat(100_000)}</sst>`
    })
    const oneRow = workbook({ sheet: sheet(`<row r="1">${'<c><v>1</v></c>'.repeat(16_000)}</row>`) })
    for (const bytes of [strings, oneRow]) {
      let clock = 0
      let checkpoints = 0
      const builder = createTableBuilder({ cpuBudgetMs: 10, cpuClock: () => clock })
      const records: number[] = []
      const reading = readFirstSheet(bytes, (record) => records.push(record.line), {
        checkpoint: () => {
          checkpoints += 1
          if (checkpoints === 3) clock = 11
          builder.checkBudget()
        }
      })
      await expect(reading).rejects.toThrow(TooSlowError)
      expect(checkpoints).toBe(3)
      expect(records).toEqual([])
    }
  })
})

describe('hostile text files', () => {
  it('refuses a one-line CSV of 3.5 million cells at its 1,001st cell', async () => {
    const line = utf8(`${'1,'.repeat(3_500_000)}1\n`)
    expect(await refusal('line.csv', line)).toBe(
      'Row 1 of line.csv has more than 1,000 columns, the most the app reads. Delete the columns you do not need (or save the values in a file of their own) and import it again.'
    )
  })

  it('refuses a cell of more than 1,000 characters', async () => {
    expect(await refusal('long.csv', utf8(`gtin,note\n00012345678905,${'x'.repeat(1001)}\n`))).toMatch(
      /Row 2, column B of long\.csv holds more than 1,000 characters/
    )
  })

  it('reads every line after a quote that is never closed, and counts the row it happened in', async () => {
    const unclosed = utf8(`gtin,note\n00012345678905,"oops\n${'00012345678905,fine\n'.repeat(1000)}`)
    const { table } = await readImport('quote.csv', unclosed)
    expect(table.shape.rowCount).toBe(1001)
    expect(table.shape.unclosedQuoteRows).toEqual({ count: 1, lines: [2] })
    expect(table.rows()[0]).toEqual({ line: 2, cells: ['00012345678905', '"oops'] })
  })

  it('refuses a file over 50 MB before reading it', async () => {
    expect(await refusal('big.csv', new Uint8Array(50 * 1024 * 1024 + 1))).toBe(
      'big.csv is larger than 50 MB; split it into smaller files and import them one at a time.'
    )
  })
})

describe('the time a file may take', () => {
  it('stops reading once its processor time is spent, however the file is shaped', () => {
    let clock = 0
    const builder = createTableBuilder({ cpuBudgetMs: 10, cpuClock: () => clock })
    const record = (line: number) => ({ line, cells: [String(line)] })
    for (let line = 1; line <= 2048; line++) builder.add(record(line))
    clock = 11
    expect(() => {
      for (let line = 2049; line <= 4096; line++) builder.add(record(line))
    }).toThrow(TooSlowError)
  })

  it("counts the reading thread's processor time, not the time other programs take on a busy machine", () => {
    const builder = createTableBuilder({ cpuBudgetMs: 150 })
    const record = (line: number) => ({ line, cells: [String(line)] })
    // Time spent without this thread working, as when the machine is busy elsewhere, is not counted.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
    for (let line = 1; line <= 2048; line++) builder.add(record(line))
    const started = threadCpuMs()
    let spun = 0
    while (threadCpuMs() - started < 200) spun += Math.sqrt(spun + 1)
    expect(spun).toBeGreaterThan(0)
    expect(() => {
      for (let line = 2049; line <= 4096; line++) builder.add(record(line))
    }).toThrow(TooSlowError)
  })
})
