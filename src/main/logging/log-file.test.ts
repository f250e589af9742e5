import { existsSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openLogFile, splitForRotation } from './log-file'
import { createLogger } from './logger'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'log-file-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const text = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '')
const line = (index: number) => `line ${String(index).padStart(4, '0')} ${'x'.repeat(40)}`

describe('the log file', () => {
  it('queues lines off the caller and writes them in a batch, to a file 0600 in a folder 0700', async () => {
    const logs = join(dir, 'logs')
    const file = openLogFile({ dir: logs })
    file.write('first')
    file.write('second')
    // Nothing is written while the caller runs: the write happens after it, in one batch.
    expect(text(file.path)).toBe('')
    await file.flush()
    expect(text(file.path)).toBe('first\nsecond\n')
    if (process.platform !== 'win32') {
      expect(statSync(logs).mode & 0o777).toBe(0o700)
      expect(statSync(file.path).mode & 0o777).toBe(0o600)
    }
    await file.close()
  })

  it('rotates by size into main.log, .1 and .2, never past the limit, dropping the oldest lines', async () => {
    const file = openLogFile({ dir, maxBytes: 1_000, files: 3 })
    for (let index = 0; index < 200; index++) {
      file.write(line(index))
      if (index % 7 === 0) await file.flush()
    }
    await file.close()
    expect((await readdir(dir)).sort()).toEqual(['main.log', 'main.log.1', 'main.log.2'])
    for (const name of ['main.log', 'main.log.1', 'main.log.2']) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(1_000)
    const kept = [text(`${file.path}.2`), text(`${file.path}.1`), text(file.path)].join('').trimEnd().split('\n')
    // The newest lines, in order, with nothing missing between them.
    expect(kept.at(-1)).toBe(line(199))
    const first = Number(kept[0]?.slice(5, 9))
    expect(kept).toEqual(Array.from({ length: 200 - first }, (_, index) => line(first + index)))
    expect(first).toBeGreaterThan(0)
  })

  it('gives the last lines across the rotated files, oldest first', async () => {
    const file = openLogFile({ dir, maxBytes: 500, files: 3 })
    for (let index = 0; index < 20; index++) file.write(line(index))
    expect(await file.lastLines(12)).toEqual(Array.from({ length: 12 }, (_, index) => line(8 + index)))
    expect(await file.lastLines(1)).toEqual([line(19)])
    await file.close()
  })

  it('reads the last lines of a large file from its end, multi-byte characters across block boundaries included', async () => {
    const file = openLogFile({ dir, maxBytes: 10 * 1024 * 1024 })
    const wide = (index: number) => `${index} ${'é€'.repeat(1_000)}`
    for (let index = 0; index < 300; index++) file.write(wide(index))
    expect(await file.lastLines(200)).toEqual(Array.from({ length: 200 }, (_, index) => wide(100 + index)))
    await file.close()
  })

  it('drops lines past the queue limit, counts them, and says so in the log', async () => {
    const file = openLogFile({ dir, maxPendingBytes: 110, now: () => Date.UTC(2025, 0, 2, 3, 4, 5) })
    for (let index = 0; index < 10; index++) file.write(line(index))
    await file.flush()
    expect(text(file.path)).toBe(
      `${line(0)}\n${line(1)}\n2025-01-02T03:04:05.000Z warn 8 log lines were dropped: the log could not be written fast enough\n`
    )
    await file.close()
  })

  it('writes what is queued at once on a fatal error, and after closing writes each line as it comes', async () => {
    const file = openLogFile({ dir })
    file.write('about to fail')
    file.flushSync()
    expect(text(file.path)).toBe('about to fail\n')
    await file.close()
    file.write('after close')
    expect(text(file.path)).toBe('about to fail\nafter close\n')
  })

  it('keeps the redaction at the logger: a secret registered there never reaches any file', async () => {
    const file = openLogFile({ dir, maxBytes: 300, files: 3 })
    const log = createLogger((written) => file.write(written))
    log.redact('s3cr3t-value')
    for (let index = 0; index < 20; index++) log.warn(`the server echoed s3cr3t-value (${index})`, { body: 'client_secret=s3cr3t-value' })
    await file.close()
    const all = (await readdir(dir)).map((name) => text(join(dir, name))).join('')
    expect(all).toContain('[redacted]')
    expect(all).not.toContain('s3cr3t-value')
  })
})

describe('cutting a batch for rotation', () => {
  it('starts a new file where the next line would pass the limit, and puts an over-long line alone', () => {
    expect(splitForRotation(['aaaa\n', 'bbbb\n', 'cccc\n'], 0, 10)).toEqual([
      { rotateFirst: false, text: 'aaaa\nbbbb\n', bytes: 10 },
      { rotateFirst: true, text: 'cccc\n', bytes: 5 }
    ])
    expect(splitForRotation(['aaaa\n'], 8, 10)).toEqual([{ rotateFirst: true, text: 'aaaa\n', bytes: 5 }])
    expect(splitForRotation(['a'.repeat(20)], 0, 10)).toEqual([{ rotateFirst: false, text: 'a'.repeat(20), bytes: 20 }])
  })
})
