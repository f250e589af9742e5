import { afterEach, describe, expect, it } from 'vitest'
import type { EnvironmentId } from '../../shared/domain/item-type'
import { searchPathFor } from '../../shared/environments'
import type { TargetOverrides, TargetResolver } from '../credentials/target-resolver'
import type { ImportService } from '../files/import/import-service'
import type { HistoryStore } from '../history/history-store'
import { memoryHistory } from '../history/test-support/memory-history'
import type { ApiTarget } from '../inventory/inventory-client'
import { MAX_RUNNING_LOOKUPS } from '../../shared/limits'
import { createMemoryLogger } from '../logging/logger'
import { createJobRunner } from './job-runner'
import { BUSY_MESSAGE, createLookupService } from './lookup-service'
import { createFakeClock } from './test-support/fake-clock'
import { createFakeInventory, faults } from './test-support/fake-inventory'
import { asLines, validGtins } from './test-support/gtin-fixtures'
import { latestResults } from '../history/test-support/latest-results'
import { packCells } from '../workers/packed-cells'
import { packInputColumn } from '../../shared/input-column'
import { UNPAIRED_MESSAGE } from '../../shared/input-column-schema'

const opened: HistoryStore[] = []
afterEach(() => {
  for (const history of opened.splice(0)) history.close()
})

/** The service over a real runner and History in memory; targets and imports are stand-ins that say what they were asked. */
function harness(script?: Parameters<typeof createFakeInventory>[0]['script']) {
  const clock = createFakeClock()
  const log = createMemoryLogger()
  const fake = createFakeInventory({ clock, ...(script === undefined ? {} : { script }) })
  const { history, writer, results } = memoryHistory(clock.now, log)
  opened.push(history)
  /** The secret each search was sent with. */
  const secrets: string[] = []
  const client: typeof fake = {
    ...fake,
    searchBatch(target, request) {
      secrets.push((target as ApiTarget).clientSecret)
      return fake.searchBatch(target, request)
    }
  }
  const runner = createJobRunner({
    client,
    history,
    writer,
    now: clock.now,
    sleep: clock.sleep,
    after: clock.setTimer,
    random: () => 0.5,
    log,
    onProgress: () => undefined
  })
  const resolved: { environment: EnvironmentId; overrides: TargetOverrides | undefined; secret: string }[] = []
  let secret = 'first-secret'
  const targets: TargetResolver = {
    async resolve(environment, overrides) {
      resolved.push({ environment, overrides, secret })
      const target: ApiTarget = {
        environment,
        authUrl: 'https://id.example.com',
        baseUrl: 'https://inventory.example.com',
        boundInventoryOrigin: 'https://inventory.example.com',
        searchPath: searchPathFor(environment),
        clientId: overrides?.clientId ?? 'client',
        clientSecret: overrides?.clientSecret ?? secret,
        bearerPrefix: false
      }
      return target
    }
  }
  const carriedAsked: { importId: string; lines: readonly number[] }[] = []
  const imports: Pick<ImportService, 'carriedPacked'> = {
    async carriedPacked(source, lines) {
      carriedAsked.push({ importId: source.importId, lines: Array.from(lines) })
      return { columns: ['Description'], rows: packCells(Array.from(lines, (line) => (line === 2 ? null : `Item ${line}`))) }
    }
  }
  const service = createLookupService({ runner, targets, imports })
  return {
    service,
    fake,
    secrets,
    clock,
    results,
    resolved,
    carriedAsked,
    fixCredentials: () => {
      secret = 'fixed-secret'
    }
  }
}

describe('the lookup service', () => {
  it('refuses at its door a request with no store, a store twice, a line number twice or numbers and values that do not pair up, before anything is resolved, stored or sent', async () => {
    const h = harness()
    const lines = asLines(validGtins(2))
    await expect(h.service.start({ environment: 'demo', stores: [], itemType: 'gtin', lines: packInputColumn(lines) })).rejects.toThrow(
      'Enter at least one store.'
    )
    await expect(h.service.start({ environment: 'demo', stores: [5, 5], itemType: 'gtin', lines: packInputColumn(lines) })).rejects.toThrow(
      'A store is listed twice; list each store once.'
    )
    const repeated = [...lines, { line: 1, input: 'again' }]
    await expect(h.service.start({ environment: 'demo', stores: [5], itemType: 'gtin', lines: packInputColumn(repeated) })).rejects.toThrow(
      'Line 1 appears twice in the list; give each line its own number.'
    )
    const twiceInARow = [...lines, { line: 2, input: 'again' }, { line: 3, input: 'after' }]
    await expect(
      h.service.start({ environment: 'demo', stores: [5], itemType: 'gtin', lines: packInputColumn(twiceInARow) })
    ).rejects.toThrow('Line 2 appears twice in the list; give each line its own number.')
    const unpaired = { lines: Float64Array.of(1, 2, 3), values: packInputColumn(lines).values }
    await expect(h.service.start({ environment: 'demo', stores: [5], itemType: 'gtin', lines: unpaired })).rejects.toThrow(UNPAIRED_MESSAGE)
    expect(h.resolved).toEqual([])
    expect(h.fake.calls).toEqual([])
  })

  it("sends a lookup where its environment and the caller's overrides say, with an imported file's other columns on each line", async () => {
    const h = harness()
    const lines = asLines(validGtins(3))
    const overrides = { clientId: 'headless-client', clientSecret: 'from-the-environment' }
    const source = { importId: 'import-1', column: 0 }
    const started = await h.service.start({
      environment: 'sandbox',
      stores: [9],
      itemType: 'gtin',
      lines: packInputColumn(lines),
      source,
      overrides
    })
    expect(h.resolved).toEqual([{ environment: 'sandbox', overrides, secret: 'first-secret' }])
    expect(h.carriedAsked).toEqual([{ importId: 'import-1', lines: [1, 2, 3] }])
    const final = await h.clock.runUntilSettled(h.service.whenSettled(started.jobId))
    expect(final).toMatchObject({ state: 'finished', found: 3, carriedColumns: ['Description'] })
    expect(h.secrets).toEqual(['from-the-environment'])
    const latest = await latestResults(h.results, started.jobId)
    expect(latest.map((result) => result.carried)).toEqual([['Item 1'], [''], ['Item 3']])
  })

  it("asks for an imported file's other columns in line order when the list is not, and each line keeps its own cells", async () => {
    const h = harness()
    const [first, second, third] = asLines(validGtins(3))
    const lines = [third, first, second].filter((line) => line !== undefined)
    const started = await h.service.start({
      environment: 'demo',
      stores: [9],
      itemType: 'gtin',
      lines: packInputColumn(lines),
      source: { importId: 'import-1', column: 0 }
    })
    expect(h.carriedAsked).toEqual([{ importId: 'import-1', lines: [1, 2, 3] }])
    await h.clock.runUntilSettled(h.service.whenSettled(started.jobId))
    const latest = await latestResults(h.results, started.jobId)
    expect(latest.map((result) => [result.line, result.carried])).toEqual([
      [1, ['Item 1']],
      [2, ['']],
      [3, ['Item 3']]
    ])
  })

  it('retries failed values and resumes a cancelled lookup with the target resolved afresh for its environment', async () => {
    const h = harness((_call, index) => (index < 2 ? faults.auth() : undefined))
    const lines = asLines(validGtins(150))
    const started = await h.service.start({ environment: 'production', stores: [4], itemType: 'gtin', lines: packInputColumn(lines) })
    const failed = await h.clock.runUntilSettled(h.service.whenSettled(started.jobId))
    expect(failed).toMatchObject({ failed: 150 })
    h.fixCredentials()
    await h.service.retryFailed(started.jobId)
    const retried = await h.clock.runUntilSettled(h.service.whenSettled(started.jobId))
    expect(retried).toMatchObject({ state: 'finished', found: 150, failed: 0 })
    expect(h.resolved.map(({ environment, secret }) => [environment, secret])).toEqual([
      ['production', 'first-secret'],
      ['production', 'fixed-secret']
    ])
    expect(h.secrets.at(-1)).toBe('fixed-secret')

    const again = await h.service.start({ environment: 'production', stores: [4], itemType: 'gtin', lines: packInputColumn(lines) })
    h.service.cancel(again.jobId)
    const cancelled = await h.clock.runUntilSettled(h.service.whenSettled(again.jobId))
    expect(cancelled.state).toBe('cancelled')
    await h.service.resume(again.jobId, { baseUrl: 'https://elsewhere.example.com' })
    expect(h.resolved.at(-1)).toMatchObject({ environment: 'production', overrides: { baseUrl: 'https://elsewhere.example.com' } })
    expect(await h.clock.runUntilSettled(h.service.whenSettled(again.jobId))).toMatchObject({ state: 'finished', found: 150 })
  })

  it(`runs at most ${MAX_RUNNING_LOOKUPS} lookups at once and refuses another with a sentence, starts, resumes and retries alike`, async () => {
    expect(MAX_RUNNING_LOOKUPS).toBe(2)
    const h = harness()
    const request = {
      environment: 'demo' as const,
      stores: [4],
      itemType: 'gtin' as const,
      lines: packInputColumn(asLines(validGtins(300)))
    }
    const cancelledEarlier = await h.service.start(request)
    h.service.cancel(cancelledEarlier.jobId)
    await h.clock.runUntilSettled(h.service.whenSettled(cancelledEarlier.jobId))

    // Three at once from the door: the limit counts lookups still resolving their target, so one is refused.
    const attempts = await Promise.allSettled([h.service.start(request), h.service.start(request), h.service.start(request)])
    const refused = attempts.filter((attempt) => attempt.status === 'rejected')
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({ reason: { code: 'busy', message: BUSY_MESSAGE } })
    expect(BUSY_MESSAGE).toBe(
      '2 lookups are running, as many as the app runs at once: wait for one to finish or cancel one, then run this again.'
    )
    expect(h.service.runningCount()).toBe(2)

    const resolvedBefore = h.resolved.length
    await expect(h.service.start(request)).rejects.toMatchObject({ code: 'busy' })
    await expect(h.service.resume(cancelledEarlier.jobId)).rejects.toMatchObject({ code: 'busy' })
    await expect(h.service.retryFailed(cancelledEarlier.jobId)).rejects.toMatchObject({ code: 'busy' })
    expect(h.resolved.length).toBe(resolvedBefore)

    const running = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value.jobId] : []))
    h.service.cancel(running[0] ?? '')
    await h.clock.runUntilSettled(h.service.whenSettled(running[0] ?? ''))
    const resumed = await h.service.resume(cancelledEarlier.jobId)
    expect(resumed.jobId).toBe(cancelledEarlier.jobId)
    expect(h.service.runningCount()).toBe(2)
  })
})
