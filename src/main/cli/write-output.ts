import { createReadStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError } from '../../shared/domain/app-error'
import { OUTPUT_SCHEMA_VERSION } from '../../shared/export/output-document'
import type { Redactor } from '../security/redactor'
import { peopleFormat, STANDARD_OUTPUT, type OutputFormat } from './output-format'
import { atomicFileSink, standardOutputSink, type OutputSink, type WriteChunk } from './output-sink'
import type { RunOutput } from './run-output'

export interface OutputTarget {
  /** A path, or `-` for standard output. */
  output: string
  format: OutputFormat
}

/** Where the results go besides a file: standard output, and the data folder that notes temporary files. */
export interface OutputPlace {
  stdout: WriteChunk
  dataDir: string
}

export interface OutputEffects {
  /** The services' redactor, which knows every secret and token this process handled. */
  redactor: Pick<Redactor, 'text'>
  /** The data folder, where a file's temporary copy is noted until it is in place. */
  journalDir: string
  /** Writes to standard output; resolves once the chunk is taken. */
  stdout: WriteChunk
}

/**
 * Writes a run where `--output` says, in the format asked. JSON and NDJSON are written here as the
 * rows are built, a slice at a time, so a million rows stream out without being held; CSV and XLSX
 * go through the app's export service and its writers on the worker thread. To standard output, CSV and XLSX are
 * written to a temporary file first (the workbook's parts are only known at its end), then copied.
 */
export async function writeOutput(run: RunOutput, target: OutputTarget, effects: OutputEffects): Promise<{ rows: number }> {
  const toStdout = target.output === STANDARD_OUTPUT
  const forPeople = peopleFormat(target.format)
  if (forPeople !== null && !toStdout) return run.writeForPeople(target.output, forPeople)

  const sink = toStdout ? standardOutputSink(effects.stdout) : await atomicFileSink(target.output, effects.journalDir)
  try {
    const written = forPeople === null ? await writeForScripts(run, target.format, sink, effects) : await copyOut(run, forPeople, sink)
    await sink.finish()
    return written
  } catch (error) {
    await sink.abort()
    throw toStdout ? standardOutputFailure(error) : error
  }
}

async function writeForScripts(run: RunOutput, format: OutputFormat, sink: OutputSink, effects: OutputEffects): Promise<{ rows: number }> {
  const clean = (text: string) => effects.redactor.text(text)
  const document = format === 'json'
  if (document) {
    const comparedWith = run.comparedWith === null ? '' : `,"comparedWith":${JSON.stringify(run.comparedWith)}`
    await sink.write(
      `{"schemaVersion":${OUTPUT_SCHEMA_VERSION},"view":"${run.view}","run":${JSON.stringify(run.run)}${comparedWith},"rows":[`
    )
  }
  let rows = 0
  for await (const batch of run.rows(clean)) {
    for (const row of batch) {
      await sink.write(document ? `${rows === 0 ? '\n' : ',\n'}${JSON.stringify(row)}` : `${JSON.stringify(row)}\n`)
      rows += 1
    }
  }
  if (document) await sink.write(rows === 0 ? ']}\n' : '\n]}\n')
  return { rows }
}

/** CSV or XLSX to standard output: written by the export service to a private temporary folder, then copied. */
async function copyOut(run: RunOutput, format: 'csv' | 'xlsx', sink: OutputSink): Promise<{ rows: number }> {
  const folder = await mkdtemp(join(tmpdir(), 'inventory-lookup-'))
  try {
    const file = join(folder, `results.${format}`)
    const written = await run.writeForPeople(file, format)
    for await (const chunk of createReadStream(file)) await sink.write(chunk as Buffer)
    return written
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

function standardOutputFailure(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED')
    return new AppError('file_write_failed', 'Standard output was closed before everything was written (the program reading it stopped).')
  return error
}
