import { describe, expect, it } from 'vitest'
import { compareOrder, createWorkQueue } from './work-queue'

function takeAll<T>(queue: ReturnType<typeof createWorkQueue<T>>, now: number): T[] {
  const taken: T[] = []
  for (let value = queue.takeReady(now); value !== undefined; value = queue.takeReady(now)) taken.push(value)
  return taken
}

describe('compareOrder', () => {
  it('compares element by element, a shorter prefix first', () => {
    expect(compareOrder([1, 2], [1, 3])).toBeLessThan(0)
    expect(compareOrder([2], [1, 9])).toBeGreaterThan(0)
    expect(compareOrder([1], [1, 0])).toBeLessThan(0)
    expect(compareOrder([4, 4], [4, 4])).toBe(0)
  })
})

describe('createWorkQueue', () => {
  it('hands out work in order, ties in the order pushed', () => {
    const queue = createWorkQueue<string>()
    queue.push('store 2 batch 0', [2, 0])
    queue.push('store 1 batch 1', [1, 1])
    queue.push('store 1 batch 0', [1, 0])
    queue.push('store 1 batch 0 again', [1, 0])
    queue.push('store 1 batch 1, second half', [1, 1, 1])
    queue.push('store 1 batch 1, first half', [1, 1, 0])
    expect(queue.size).toBe(6)
    expect(takeAll(queue, 0)).toEqual([
      'store 1 batch 0',
      'store 1 batch 0 again',
      'store 1 batch 1',
      'store 1 batch 1, first half',
      'store 1 batch 1, second half',
      'store 2 batch 0'
    ])
    expect(queue.size).toBe(0)
  })

  it('keeps work aside until its time, then in order with the rest', () => {
    const queue = createWorkQueue<string>()
    queue.push('retry of batch 0', [0], 500)
    queue.push('batch 1', [1])
    queue.push('batch 2', [2])
    expect(queue.nextReadyAt()).toBe(500)
    expect(queue.takeReady(100)).toBe('batch 1')
    expect(queue.hasReady(499)).toBe(true)
    expect(queue.takeReady(500)).toBe('retry of batch 0')
    expect(queue.takeReady(500)).toBe('batch 2')
    expect(queue.hasReady(10_000)).toBe(false)
    expect(queue.nextReadyAt()).toBeNull()
  })

  it('drops work not yet taken, once', () => {
    const queue = createWorkQueue<string>()
    const a = queue.push('a', [0])
    const b = queue.push('b', [1], 1_000)
    queue.push('c', [2])
    expect(queue.drop(a)).toBe(true)
    expect(queue.drop(a)).toBe(false)
    expect(queue.drop(b)).toBe(true)
    expect(queue.size).toBe(1)
    expect(queue.nextReadyAt()).toBeNull()
    expect(takeAll(queue, 2_000)).toEqual(['c'])
    const d = queue.push('d', [3])
    expect(queue.takeReady(0)).toBe('d')
    expect(queue.drop(d)).toBe(false)
  })

  it('keeps order across many pushes and takes (a heap, not a sorted list)', () => {
    const queue = createWorkQueue<number>()
    let seed = 7
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647
    const values = Array.from({ length: 2_000 }, () => Math.floor(random() * 500))
    for (const value of values) queue.push(value, [value])
    expect(takeAll(queue, 0)).toEqual([...values].sort((a, b) => a - b))
  })
  it('keeps order when work in order meets work out of order, across groups, drops and a long run of takes', () => {
    const queue = createWorkQueue<string>()
    const pushed = Array.from({ length: 3_000 }, (_, index) => queue.push(`lane 1 batch ${index}`, [0, index], undefined, 1))
    for (let index = 0; index < 1_500; index += 1) expect(queue.takeReady(0)).toBe(`lane 1 batch ${index}`)
    queue.push('lane 2 batch 0', [0, 0], undefined, 2)
    queue.push('lane 1 batch 1499, first half', [0, 1_499, 0], undefined, 1)
    queue.push('lane 1 batch 1600, retried', [0, 1_600], undefined, 1)
    for (const entry of pushed.slice(1_500, 1_502)) queue.drop(entry)
    const rest = takeAll(queue, 0)
    expect(rest.slice(0, 3)).toEqual(['lane 1 batch 1499, first half', 'lane 1 batch 1502', 'lane 1 batch 1503'])
    expect(rest.slice(99, 101)).toEqual(['lane 1 batch 1600', 'lane 1 batch 1600, retried'])
    expect(rest.at(-2)).toBe('lane 1 batch 2999')
    expect(rest.at(-1)).toBe('lane 2 batch 0')
    expect(rest).toHaveLength(1_501)
    expect(queue.size).toBe(0)
  })
})
