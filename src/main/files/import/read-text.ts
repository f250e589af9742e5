import { isUtf8 } from 'node:buffer'
import { TextDecoder } from 'node:util'
import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS } from '../../../shared/limits'
import { createDelimitedParser, sniffDelimiter, type Delimiter } from './delimited-parser'
import type { TableBuilder } from './table-builder'

/** Text files from store systems arrive as UTF-8 (with or without BOM), UTF-16 with BOM, or Windows-1252 from old Excel. */
export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252'
export type TextFormat = 'csv' | 'tsv' | 'txt'

/** Text is decoded and parsed this much at a time, so no copy of the whole file is ever made. */
const CHUNK_BYTES = 1024 * 1024
const SNIFF_BYTES = 64 * 1024

/** The file holds NUL characters: a binary file, not text. */
export class NotTextError extends Error {
  constructor() {
    super('the file holds NUL characters')
    this.name = 'NotTextError'
  }
}

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncoding; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8-bom', bomLength: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 }
  // Not valid UTF-8: almost always a Western-European Excel export.
  return { encoding: isUtf8(bytes) ? 'utf-8' : 'windows-1252', bomLength: 0 }
}

function decoderFor(encoding: TextEncoding): TextDecoder {
  const label = encoding === 'utf-8-bom' ? 'utf-8' : encoding
  return new TextDecoder(label, { ignoreBOM: true })
}

/**
 * Reads a CSV, TSV or TXT file into `builder`, a megabyte at a time: the parser refuses a record
 * with too many cells or a cell too long as soon as it meets one, and the builder too many rows.
 */
export function readText(bytes: Uint8Array, extension: string, builder: TableBuilder): { format: TextFormat; encoding: TextEncoding } {
  const { encoding, bomLength } = detectEncoding(bytes)
  const body = bytes.subarray(bomLength)
  const sniffed = sniffDelimiter(decoderFor(encoding).decode(body.subarray(0, SNIFF_BYTES)))
  const format = textFormat(extension, sniffed)
  const delimiter: Delimiter | null = format === 'tsv' ? (sniffed ?? '\t') : format === 'csv' ? (sniffed ?? ',') : sniffed
  const parser = createDelimitedParser(delimiter, (record) => builder.add(record), {
    maxCells: MAX_IMPORT_COLUMNS,
    maxCellChars: MAX_IMPORT_CELL_CHARS
  })
  const decoder = decoderFor(encoding)
  for (let offset = 0; offset < body.length; offset += CHUNK_BYTES) {
    const end = Math.min(body.length, offset + CHUNK_BYTES)
    const text = decoder.decode(body.subarray(offset, end), { stream: end < body.length })
    if (text.includes('\u0000')) throw new NotTextError()
    parser.push(text)
  }
  parser.end()
  return { format, encoding }
}

function textFormat(extension: string, sniffed: Delimiter | null): TextFormat {
  if (extension === 'csv') return 'csv'
  if (extension === 'tsv' || extension === 'tab') return 'tsv'
  if (extension === 'txt') return 'txt'
  return sniffed === '\t' ? 'tsv' : sniffed === null ? 'txt' : 'csv'
}
