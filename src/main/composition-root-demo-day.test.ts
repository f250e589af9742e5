import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { gs1CheckDigit } from '../shared/domain/gtin'
import { createAppRoot, type AppRoot } from './composition-root'
import { createMemorySecretStore } from './credentials/memory-secret-store'
import { parseDemoDate, type DemoDay } from './demo-api/demo-date'
import { searchInventory } from './demo-api/demo-inventory'
import { createMemoryLogger } from './logging/logger'
import { packInputColumn } from '../shared/input-column'

/**
 * The Demo's day as the app wires it: from the injected clock (so it moves on past local midnight
 * while the app runs), or fixed by the effect the entry points set from STORE_INVENTORY_DEMO_DATE.
 */
const STORE = 77
const VALUES = Array.from({ length: 300 }, (_, index) => {
  const data = String(52_000_000_000 + index * 13).padStart(13, '0')
  return `${data}${gs1CheckDigit(data)}`
})
const MARCH_14 = parseDemoDate('2025-03-14') as DemoDay

const opened: { root: AppRoot; dir: string }[] = []
afterEach(async () => {
  for (const { root, dir } of opened.splice(0)) {
    await root.close()
    await rm(dir, { recursive: true, force: true })
  }
})

/** A clock that runs, shifted so it starts at `start` local time; `skip` moves it on. */
function runningClock(start: Date): { now: () => number; skip(ms: number): void } {
  let offset = start.getTime() - Date.now()
  return { now: () => Date.now() + offset, skip: (ms) => (offset += ms) }
}

async function openRoot(now: () => number, demoDay?: DemoDay): Promise<AppRoot> {
  const dir = await mkdtemp(join(tmpdir(), 'demo-day-root-'))
  const root = await createAppRoot({
    fetch: globalThis.fetch,
    now,
    secretStore: createMemorySecretStore(),
    userDataDir: dir,
    log: createMemoryLogger(),
    chooseExportPath: async () => null,
    openExternal: async () => {},
    ...(demoDay === undefined ? {} : { demoDay })
  })
  opened.push({ root, dir })
  return root
}

/** Each found value's location rows, as a Demo lookup in the app answered them. */
async function lookUp(root: AppRoot): Promise<Record<string, unknown>> {
  const { services } = root
  const lines = VALUES.map((input, index) => ({ line: index + 1, input }))
  const { jobId } = await services.lookups.start({ environment: 'demo', stores: [STORE], itemType: 'gtin', lines: packInputColumn(lines) })
  const progress = await services.lookups.whenSettled(jobId)
  expect(progress.state).toBe('finished')
  const { entries } = await services.results.page(jobId, 0)
  return Object.fromEntries(entries.flatMap((entry) => (entry.item === undefined ? [] : [[entry.value, entry.item.inventory_locations]])))
}

/** What the Demo holds of the values on `day`, by value. */
function stockOn(day: DemoDay): Record<string, unknown> {
  const { items } = searchInventory({ storeNbr: STORE, itemType: 'gtin', values: VALUES }, 0, day)
  return Object.fromEntries(items.map((item) => [item.gtin, item.inventory_locations]))
}

describe("the Demo's day in the app", () => {
  it('follows the clock: a lookup after local midnight answers with the new day, most items as before', async () => {
    const clock = runningClock(new Date(2025, 2, 14, 23, 58))
    const root = await openRoot(clock.now)
    const before = await lookUp(root)
    expect(before).toEqual(stockOn(MARCH_14))
    clock.skip(5 * 60_000)
    const after = await lookUp(root)
    expect(after).toEqual(stockOn(MARCH_14 + 1))
    const changed = Object.keys(after).filter((value) => JSON.stringify(after[value]) !== JSON.stringify(before[value]))
    expect(changed.length).toBeGreaterThan(0)
    expect(changed.length).toBeLessThan(Object.keys(after).length * 0.2)
  }, 60_000)

  it('keeps a day set at start, whatever the clock says', async () => {
    const clock = runningClock(new Date(2025, 5, 1, 12, 0))
    const root = await openRoot(clock.now, MARCH_14)
    expect(await lookUp(root)).toEqual(stockOn(MARCH_14))
    clock.skip(86_400_000)
    expect(await lookUp(root)).toEqual(stockOn(MARCH_14))
  }, 60_000)
})
