import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import type { JobProgress } from '../../shared/domain/job-progress'
import { searchPathFor } from '../../shared/environments'
import { memoryHistory } from '../history/test-support/memory-history'
import type { ApiTarget, InventoryClient } from '../inventory/inventory-client'
import type { SearchAnswers } from '../inventory/search-reply'
import { createMemoryLogger } from '../logging/logger'
import { checkJobInvariant } from './job-invariant'
import { createJobRunner } from './job-runner'
import { createFakeClock } from './test-support/fake-clock'
import { createFakeInventory, faults } from './test-support/fake-inventory'
import { asLines, validGtins } from './test-support/gtin-fixtures'
import { latestResults } from '../history/test-support/latest-results'
import { packLines } from '../workers/packed-lines'

/**
 * The runner's paths that only misbehaving servers or code reach: the safety net for an answer
 * that cannot be recorded, giving up on a batch that is throttled again and again, retrying
 * failed values with credentials fixed in the meantime, and a History slow to write a run's end.
 * All on the fake clock.
 */
const target: ApiTarget = {
  environment: 'sandbox',
  authUrl: 'https://id.example.com',
  baseUrl: 'https://inventory.example.com',
  boundInventoryOrigin: 'https://inventory.example.com',
  searchPath: searchPathFor('sandbox'),
  clientId: 'edge-client',
  clientSecret: 'old-secret',
  bearerPrefix: false
}

function runnerWith(client: Pick<InventoryClient, 'searchBatch'>, clock = createFakeClock()) {
  const log = createMemoryLogger()
  const { history, writer, results } = memoryHistory(clock.now, log)
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
  return { runner, results, log, clock }
}

async function settle(h: ReturnType<typeof runnerWith>, jobId: string, lines: { line: number; input: string }[]) {
  const final = await h.clock.runUntilSettled(h.runner.whenSettled(jobId))
  expect(checkJobInvariant(lines, (await h.results.page(jobId, 0)).entries, final)).toEqual([])
  return final
}

describe('job runner, edge paths', () => {
  it('safety net: an answer that cannot be recorded fails those values with a sentence, logs the bug, and the job still ends', async () => {
    const clock = createFakeClock()
    const fake = createFakeInventory({ clock })
    let call = 0
    const client: Pick<InventoryClient, 'searchBatch'> = {
      async searchBatch(apiTarget, request) {
        const mine = (call += 1)
        const answer = await fake.searchBatch(apiTarget, request)
        // The second search comes back in a shape the runner cannot read: a bug, not a server fault.
        return mine === 2 ? { ...answer, answers: null as unknown as SearchAnswers } : answer
      }
    }
    const h = runnerWith(client, clock)
    const lines = asLines(validGtins(250))
    const { jobId } = await h.runner.start({ environment: 'sandbox', stores: [1234], itemType: 'gtin', packed: packLines(lines), target })
    const final = await settle(h, jobId, lines)
    expect(final).toMatchObject({ state: 'finished', found: 150, failed: 100, pending: 0 })
    const failed = (await latestResults(h.results, jobId)).filter((line) => line.status === 'failed')
    expect(new Set(failed.map((line) => JSON.stringify(line.error)))).toEqual(
      new Set([JSON.stringify({ code: 'internal', message: 'The answer for these values could not be read; retry the failed values.' })])
    )
    expect(h.log.lines.some((line) => line.includes('a lookup result could not be recorded'))).toBe(true)
  })

  it('gives up on a batch after 20 throttled answers, each waited out, and says the server kept asking to slow down', async () => {
    const clock = createFakeClock()
    const fake = createFakeInventory({ clock, script: () => faults.throttled({ remaining: 0, resetAt: null, retryAfterMs: 2_000 }) })
    const h = runnerWith(fake, clock)
    const lines = asLines(validGtins(40))
    const { jobId } = await h.runner.start({ environment: 'sandbox', stores: [1234], itemType: 'gtin', packed: packLines(lines), target })
    const final = await settle(h, jobId, lines)

    // The first answer and 20 more: the 21st throttled answer ends the batch.
    expect(fake.calls).toHaveLength(21)
    expect(final).toMatchObject({ state: 'finished', failed: 40, found: 0, requests: 21, retries: 20 })
    expect((await latestResults(h.results, jobId))[0]?.error).toEqual({ code: 'throttled', message: 'Too Many Requests', status: 429 })
    // Never hammered: every send waited at least the Retry-After after the answer before it.
    const gaps = fake.calls.slice(1).map((sent, index) => sent.at - (fake.calls[index]?.at ?? 0))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2_000)
  })

  it('fails the values of a client that throws at once, as it fails those of one that rejects, and the job still ends', async () => {
    const clock = createFakeClock()
    const client: Pick<InventoryClient, 'searchBatch'> = {
      searchBatch() {
        throw new AppError('invalid_input', 'A search takes at most 100 values.')
      }
    }
    const h = runnerWith(client, clock)
    const lines = asLines(validGtins(200))
    const { jobId } = await h.runner.start({ environment: 'sandbox', stores: [1234], itemType: 'gtin', packed: packLines(lines), target })
    expect(await settle(h, jobId, lines)).toMatchObject({ failed: 200, found: 0 })
  })

  it('retries failed values with the credentials given to the retry, not the ones the job started with', async () => {
    const clock = createFakeClock()
    const fake = createFakeInventory({ clock })
    const secretsUsed: string[] = []
    const client: Pick<InventoryClient, 'searchBatch'> = {
      async searchBatch(apiTarget, request) {
        secretsUsed.push(apiTarget.clientSecret)
        if (apiTarget.clientSecret === 'old-secret') {
          // How the token request reports a rotated secret.
          throw new AppError('wrong_credentials', 'The identity host rejected the client ID or secret (HTTP 401).', 401)
        }
        return fake.searchBatch(apiTarget, request)
      }
    }
    const h = runnerWith(client, clock)
    const lines = asLines(validGtins(300))
    const { jobId } = await h.runner.start({ environment: 'sandbox', stores: [1234], itemType: 'gtin', packed: packLines(lines), target })
    const first = await settle(h, jobId, lines)
    expect(first).toMatchObject({ failed: 300, found: 0 })
    const sentWithOld = secretsUsed.length

    await h.runner.retryFailed(jobId, { ...target, clientSecret: 'new-secret' })
    const second = await settle(h, jobId, lines)
    expect(second).toMatchObject({ state: 'finished', found: 300, failed: 0 })
    expect(secretsUsed.slice(0, sentWithOld).every((secret) => secret === 'old-secret')).toBe(true)
    // Three batches of 100, each sent once, all with the secret the retry was given.
    expect(secretsUsed.slice(sentWithOld)).toEqual(['new-secret', 'new-secret', 'new-secret'])
  })

  it('says Finished only once History has the end of the run and its summary, however long that takes', async () => {
    const clock = createFakeClock()
    const log = createMemoryLogger()
    const { history, writer, results } = memoryHistory(clock.now, log)
    const shown: { state: JobProgress['state']; inHistory: string | undefined; summarised: boolean }[] = []
    const runner = createJobRunner({
      client: createFakeInventory({ clock }),
      history,
      // History busy with another process's writes: the end of the run waits 2 s for its turn.
      writer: { ...writer, finishRun: async (...args) => clock.sleep(2_000).then(() => writer.finishRun(...args)) },
      now: clock.now,
      sleep: clock.sleep,
      after: clock.setTimer,
      random: () => 0.5,
      log,
      onProgress: (progress) => {
        const id = Number(progress.jobId)
        const summarised = history.operations().summaryReads.storeCounts(id).length > 0
        shown.push({ state: progress.state, inHistory: history.lookup(id)?.state, summarised })
      }
    })
    const lines = asLines(validGtins(250))
    const { jobId } = await runner.start({ environment: 'sandbox', stores: [1234], itemType: 'gtin', packed: packLines(lines), target })
    const final = await clock.runUntilSettled(runner.whenSettled(jobId))
    expect(checkJobInvariant(lines, (await results.page(jobId, 0)).entries, final)).toEqual([])
    // Progress went on while the end was being written (every answer in), then Finished, once.
    expect(shown.filter((progress) => progress.state === 'finished')).toEqual([
      { state: 'finished', inHistory: 'finished', summarised: true }
    ])
    expect(shown.at(-1)?.state).toBe('finished')
    expect(shown.some((progress) => progress.inHistory === 'running' && progress.state === 'running')).toBe(true)
  })
})
