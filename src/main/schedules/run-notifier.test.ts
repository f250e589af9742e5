import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/domain/app-error'
import type { JobProgress } from '../../shared/domain/job-progress'
import { DEFAULT_SCHEDULE, type NotifyChoice } from '../../shared/schedules/schedule'
import type { RunNotification } from '../../shared/schedules/schedule-notification'
import type { SinceLastRun } from '../../shared/watchlists/since-last-run'
import { createMemoryLogger } from '../logging/logger'
import { createRedactor, REDACTED } from '../security/redactor'
import { ALL_FAILED_REASON, createRunNotifier, UNKNOWN_FAILURE_REASON } from './run-notifier'

const SECRET = 'cl13nt-s3cr3t-value-99'

function progress(overrides: Partial<JobProgress> = {}): JobProgress {
  return {
    jobId: '7',
    environment: 'demo',
    stores: [100, 101],
    storesDone: 2,
    itemType: 'gtin',
    carriedColumns: [],
    startedAt: '2025-03-17T07:00:00.000Z',
    finishedAt: '2025-03-17T07:00:09.000Z',
    state: 'finished',
    lines: 10,
    batchesDone: 2,
    batchesTotal: 2,
    found: 18,
    notFound: 2,
    invalid: 0,
    duplicate: 0,
    failed: 0,
    cancelled: 0,
    pending: 0,
    requests: 2,
    retries: 0,
    throttledMs: 0,
    resumeAt: null,
    etaMs: null,
    valuesPerSecond: 2,
    resultsCount: 20,
    ...overrides
  }
}

function since(outOfStock: string[], shelfEmpty: string[] = [], changed = outOfStock.length + shelfEmpty.length): SinceLastRun {
  return {
    counts: { newly_out_of_stock: outOfStock.length, newly_shelf_empty: shelfEmpty.length, back_in_stock: 0, still_out_of_stock: 0 },
    pairs: { newly_out_of_stock: outOfStock, newly_shelf_empty: shelfEmpty, back_in_stock: [], still_out_of_stock: [] },
    changed
  }
}

function setup(choice: NotifyChoice, found: SinceLastRun | null, name = 'Morning check') {
  const shown: RunNotification[] = []
  const redactor = createRedactor([SECRET])
  const notifier = createRunNotifier({
    watchlists: {
      list: async () => [{ id: 'w1', name, schedule: { ...DEFAULT_SCHEDULE, notify: choice } }] as never,
      sinceLastRun: async () => (found === null ? null : ({ ...found, follows: {} } as never))
    },
    show: (notification) => shown.push(notification),
    redact: (value) => redactor.value(value),
    log: createMemoryLogger()
  })
  const lines = () => shown.map((notification) => `${notification.title}: ${notification.body} [${notification.jobId}]`)
  return { notifier, lines }
}

describe('the notification after a scheduled run', () => {
  it('newly out of stock, chosen: the items and stores, naming the watchlist and opening the run', async () => {
    const { notifier, lines } = setup('newly_out_of_stock', since(['100:a', '101:a', '101:b']))
    await notifier.ended('w1', progress())
    expect(lines()).toEqual(['Morning check: 2 items newly out of stock in 2 stores [7]'])
  })

  it('nothing changed: silent unless always was chosen', async () => {
    for (const choice of ['newly_out_of_stock', 'newly_shelf_empty', 'any_change', 'never'] as const) {
      const { notifier, lines } = setup(choice, since([]))
      await notifier.ended('w1', progress())
      expect(lines(), choice).toEqual([])
    }
    const always = setup('always', since([]))
    await always.notifier.ended('w1', progress())
    expect(always.lines()).toEqual(['Morning check: nothing changed since the last run [7]'])
  })

  it('only shelf empty changed: silent for newly out of stock, said for newly shelf empty', async () => {
    const out = setup('newly_out_of_stock', since([], ['100:z']))
    await out.notifier.ended('w1', progress())
    expect(out.lines()).toEqual([])
    const shelf = setup('newly_shelf_empty', since([], ['100:z']))
    await shelf.notifier.ended('w1', progress())
    expect(shelf.lines()).toEqual(['Morning check: 1 item newly shelf empty (backroom has stock) in 1 store [7]'])
  })

  it('a first run: said only under always, as nothing can be compared yet', async () => {
    const first = setup('newly_out_of_stock', null)
    await first.notifier.ended('w1', progress())
    expect(first.lines()).toEqual([])
    const always = setup('always', null)
    await always.notifier.ended('w1', progress())
    expect(always.lines()).toEqual(['Morning check: first run done; the next run says what changed since this one [7]'])
  })

  it('every request failed, or the run stopped: says so under every choice but never', async () => {
    const failed = setup('newly_out_of_stock', since([]))
    await failed.notifier.ended('w1', progress({ found: 0, notFound: 0, failed: 20 }))
    await failed.notifier.ended('w1', progress({ state: 'interrupted' }))
    expect(failed.lines()).toEqual([
      `Morning check: the run failed. ${ALL_FAILED_REASON} [7]`,
      'Morning check: the run stopped before it finished; resume it from History [7]'
    ])
    const never = setup('never', since(['100:a']))
    await never.notifier.ended('w1', progress({ found: 0, notFound: 0, failed: 20 }))
    await never.notifier.ended('w1', progress())
    expect(never.lines()).toEqual([])
  })

  it("a run that could not start: the app's sentence, never a secret or token even when one is in the error", async () => {
    const { notifier, lines } = setup('any_change', null, `Check ${SECRET}`)
    await notifier.failed('w1', new AppError('wrong_credentials', `The API refused the client secret ${SECRET}.`))
    await notifier.failed('w1', new Error(`token=${SECRET}`))
    expect(lines()).toEqual([
      `Check ${REDACTED}: the run failed. The API refused the client secret ${REDACTED}. [null]`,
      `Check ${REDACTED}: the run failed. ${UNKNOWN_FAILURE_REASON} [null]`
    ])
    expect(lines().join('\n')).not.toContain(SECRET)
  })

  it('a watchlist deleted meanwhile: nothing', async () => {
    const { notifier, lines } = setup('always', since([]))
    await notifier.ended('gone', progress())
    await notifier.failed('gone', new Error('x'))
    expect(lines()).toEqual([])
  })
})
