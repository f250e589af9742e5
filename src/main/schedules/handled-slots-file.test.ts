import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { scheduleTimingKey } from '../../shared/schedules/schedule'
import { createMemoryLogger } from '../logging/logger'
import { flushMicrotasks } from '../jobs/test-support/fake-clock'
import type { HandledSlot, HandledSlotStore } from './handled-slots'
import { createHandledSlotsFile, HANDLED_SLOTS_FILE_NAME, MAX_HANDLED_SLOTS_FILE_BYTES } from './handled-slots-file'
import { createSchedulerHarness, schedule } from './test-support/scheduler-harness'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'handled-slots-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const KEY = 'on mon,tue,wed,thu,fri 07:00,13:00'
const mark = (through: number, local: string | null = '2025-01-10T07:00'): HandledSlot => ({ through, local, scheduleKey: KEY })

function fileIn(folder = dir) {
  const log = createMemoryLogger()
  return { store: createHandledSlotsFile({ dir: folder, log }), log, warnings: () => log.lines.filter((line) => line.includes(' warn ')) }
}

/** The store, with a way to wait until every load, save and forget asked of it so far has settled and what followed has run. */
function watched(store: HandledSlotStore): HandledSlotStore & { idle(): Promise<void> } {
  const pending = new Set<Promise<unknown>>()
  function track<T>(promise: Promise<T>): Promise<T> {
    pending.add(promise)
    void promise.finally(() => pending.delete(promise)).catch(() => undefined)
    return promise
  }
  return {
    load: () => track(store.load()),
    save: (id, handled) => track(store.save(id, handled)),
    forget: (id) => track(store.forget(id)),
    async idle() {
      while (pending.size > 0) {
        await Promise.allSettled([...pending])
        await flushMicrotasks()
      }
    }
  }
}

async function onDisk(): Promise<unknown> {
  return JSON.parse(await readFile(join(dir, HANDLED_SLOTS_FILE_NAME), 'utf8')) as unknown
}

describe('the schedules file', () => {
  it('has no marks and writes nothing when there is no file yet', async () => {
    const { store, warnings } = fileIn()
    expect(await store.load()).toEqual(new Map())
    expect(await readdir(dir)).toEqual([])
    expect(warnings()).toEqual([])
  })

  it('keeps marks across runs of the app, in a private file and folder it creates', async () => {
    const folder = join(dir, 'user-data')
    const first = fileIn(folder).store
    await first.load()
    await first.save('a', mark(1))
    await first.save('b', mark(2))
    await first.forget('a')
    await first.forget('never-saved')
    expect(await fileIn(folder).store.load()).toEqual(new Map([['b', mark(2)]]))
    expect(await readdir(folder)).toEqual([HANDLED_SLOTS_FILE_NAME])
    if (process.platform !== 'win32') {
      expect((await stat(folder)).mode & 0o777).toBe(0o700)
      expect((await stat(join(folder, HANDLED_SLOTS_FILE_NAME))).mode & 0o777).toBe(0o600)
    }
  })

  it('writes changes made while a write goes on together afterwards, the latest of each watchlist winning', async () => {
    const { store } = fileIn()
    await store.load()
    const saves = [store.save('a', mark(1)), store.save('b', mark(2)), store.save('a', mark(3)), store.save('c', mark(4, null))]
    await Promise.all(saves)
    expect(await onDisk()).toEqual({ version: 1, watchlists: { a: mark(3), b: mark(2), c: mark(4, null) } })
  })

  it('keeps the marks already in the file when saving before loading', async () => {
    const first = fileIn().store
    await first.save('a', mark(1))
    const second = fileIn().store
    await second.save('b', mark(2))
    expect(await second.load()).toEqual(
      new Map([
        ['a', mark(1)],
        ['b', mark(2)]
      ])
    )
  })

  it.each([
    ['not JSON', '{"version": 1, "watchl'],
    ['an empty file', ''],
    ['JSON of another shape', '[1, 2, 3]'],
    ['another version', JSON.stringify({ version: 2, watchlists: {} })],
    ['a mark with a bad local time', JSON.stringify({ version: 1, watchlists: { a: { ...mark(1), local: 'Monday morning' } } })],
    ['a mark with a negative instant', JSON.stringify({ version: 1, watchlists: { a: mark(-5) } })],
    ['an empty watchlist id', JSON.stringify({ version: 1, watchlists: { '': mark(1) } })],
    ['an oversized watchlist id', JSON.stringify({ version: 1, watchlists: { ['x'.repeat(201)]: mark(1) } })]
  ])('reads %s as no marks, with a warning, and replaces it at the next save', async (_name, content) => {
    await writeFile(join(dir, HANDLED_SLOTS_FILE_NAME), content)
    const { store, warnings } = fileIn()
    expect(await store.load()).toEqual(new Map())
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).toContain('schedules start from now')
    await store.save('a', mark(7))
    expect(await onDisk()).toEqual({ version: 1, watchlists: { a: mark(7) } })
  })

  it('reads a file past its size limit as no marks without reading it all', async () => {
    const padding = ' '.repeat(MAX_HANDLED_SLOTS_FILE_BYTES)
    await writeFile(join(dir, HANDLED_SLOTS_FILE_NAME), `${JSON.stringify({ version: 1, watchlists: { a: mark(1) } })}${padding}`)
    const { store, warnings } = fileIn()
    expect(await store.load()).toEqual(new Map())
    expect(warnings()[0]).toContain('larger than the app reads')
  })

  it('reads a folder in its place as no marks, and fails to save there, which the scheduler logs', async () => {
    await mkdir(join(dir, HANDLED_SLOTS_FILE_NAME))
    const { store, warnings } = fileIn()
    expect(await store.load()).toEqual(new Map())
    expect(warnings()[0]).toContain('could not be read')
    await expect(store.save('a', mark(1))).rejects.toThrow()
    // A failed write does not block the next one.
    await rm(join(dir, HANDLED_SLOTS_FILE_NAME), { recursive: true })
    await store.save('b', mark(2))
    expect(await onDisk()).toEqual({ version: 1, watchlists: { a: mark(1), b: mark(2) } })
  })

  it('keeps a restarted scheduler from running a slot again', async () => {
    const workdays = schedule({ times: ['07:00', '13:00'] })
    expect(scheduleTimingKey(workdays)).toBe(KEY)
    const firstFile = watched(fileIn().store)
    const first = createSchedulerHarness({ start: '2025-01-10T06:00', zone: 'Europe/Berlin', handledSlots: firstFile })
    await first.start([{ id: 'w', schedule: workdays }])
    await first.advanceTo('2025-01-10T07:00')
    // The fake clock stands still while the mark is written, then the run starts.
    await firstFile.idle()
    first.scheduler.stop()
    const secondFile = watched(fileIn().store)
    const second = createSchedulerHarness({ start: '2025-01-10T07:06', zone: 'Europe/Berlin', handledSlots: secondFile })
    await second.start([{ id: 'w', schedule: workdays }])
    await secondFile.idle()
    await second.advanceTo('2025-01-10T13:00')
    await secondFile.idle()
    expect(first.summary()).toEqual(['w 2025-01-10T07:00 scheduled @2025-01-10T07:00'])
    expect(second.summary()).toEqual(['w 2025-01-10T13:00 scheduled @2025-01-10T13:00'])
    expect(first.warnings()).toEqual([])
  })
})
