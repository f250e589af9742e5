import { describe, expect, it } from 'vitest'
import { NOTIFY_CHOICES } from './schedule'
import { notificationBody, notificationLine, runChangeDetail, runNotification, spreadOf } from './schedule-notification'
import { shouldNotify } from './schedule-notify'

const since = (outOfStock: string[], shelfEmpty: string[], changed: number) => ({
  counts: { newly_out_of_stock: outOfStock.length, newly_shelf_empty: shelfEmpty.length, back_in_stock: 0, still_out_of_stock: 0 },
  pairs: { newly_out_of_stock: outOfStock, newly_shelf_empty: shelfEmpty, back_in_stock: [], still_out_of_stock: [] },
  changed
})

// 7 items newly out of stock across 3 stores (9 store and item pairs), 1 item newly shelf empty in 1 store.
const OUT = ['100:a', '100:b', '101:a', '101:c', '102:d', '102:e', '102:f', '100:g', '101:g']
const busy = runChangeDetail(since(OUT, ['101:z'], 14))
const quiet = runChangeDetail(since([], [], 0))
const backInStockOnly = runChangeDetail(since([], [], 3))

describe('what a notification after a scheduled run says', () => {
  it('counts the items and the stores a kind of change touches', () => {
    expect(spreadOf(OUT)).toEqual({ pairs: 9, items: 7, stores: 3 })
    expect(spreadOf([])).toEqual({ pairs: 0, items: 0, stores: 0 })
  })

  it("names the watchlist and says the change in Since the last run's words", () => {
    const notification = runNotification('Morning check', { kind: 'changes', detail: busy, emphasis: 'out_of_stock' }, '42')
    expect(notificationLine(notification)).toBe('Morning check: 7 items newly out of stock in 3 stores')
    expect(notification.jobId).toBe('42')
    expect(notificationBody({ kind: 'changes', detail: busy, emphasis: 'shelf_empty' })).toBe(
      '1 item newly shelf empty (backroom has stock) in 1 store'
    )
    expect(notificationBody({ kind: 'changes', detail: busy, emphasis: 'all' })).toBe(
      '7 items newly out of stock in 3 stores; 1 item newly shelf empty (backroom has stock) in 1 store; 14 stores and items changed in all'
    )
    expect(notificationBody({ kind: 'changes', detail: backInStockOnly, emphasis: 'all' })).toBe('3 stores and items changed in all')
    expect(notificationBody({ kind: 'changes', detail: quiet, emphasis: 'all' })).toBe('nothing changed since the last run')
  })

  it('a failed or stopped run says why in one sentence; a first run that there is nothing to compare yet', () => {
    expect(notificationBody({ kind: 'failed', reason: 'Save the client ID and secret in Settings first.' })).toBe(
      'the run failed. Save the client ID and secret in Settings first.'
    )
    expect(notificationBody({ kind: 'stopped', state: 'interrupted' })).toBe('the run stopped before it finished; resume it from History')
    expect(notificationBody({ kind: 'stopped', state: 'cancelled' })).toBe('the run was cancelled before it finished')
    expect(notificationBody({ kind: 'first_run' })).toBe('first run done; the next run says what changed since this one')
  })
})

describe('when a finished scheduled run notifies', () => {
  const table = (run: Parameters<typeof shouldNotify>[1]) =>
    Object.fromEntries(NOTIFY_CHOICES.map((choice) => [choice, shouldNotify(choice, run)]))

  it('items newly out of stock: every choice but newly shelf empty and never', () => {
    expect(table({ failed: false, changes: runChangeDetail(since(OUT, [], 9)) })).toEqual({
      newly_out_of_stock: true,
      newly_shelf_empty: false,
      any_change: true,
      always: true,
      never: false
    })
  })

  it('items newly shelf empty only: newly shelf empty, any change and always', () => {
    expect(table({ failed: false, changes: runChangeDetail(since([], ['101:z'], 1)) })).toEqual({
      newly_out_of_stock: false,
      newly_shelf_empty: true,
      any_change: true,
      always: true,
      never: false
    })
  })

  it('items back in stock only (the other direction): any change and always', () => {
    expect(table({ failed: false, changes: backInStockOnly })).toEqual({
      newly_out_of_stock: false,
      newly_shelf_empty: false,
      any_change: true,
      always: true,
      never: false
    })
  })

  it('nothing changed, or a first run: only always', () => {
    const onlyAlways = { newly_out_of_stock: false, newly_shelf_empty: false, any_change: false, always: true, never: false }
    expect(table({ failed: false, changes: quiet })).toEqual(onlyAlways)
    expect(table({ failed: false, changes: null })).toEqual(onlyAlways)
  })

  it('a failed run: every choice but never', () => {
    expect(table({ failed: true })).toEqual({
      newly_out_of_stock: true,
      newly_shelf_empty: true,
      any_change: true,
      always: true,
      never: false
    })
  })
})
