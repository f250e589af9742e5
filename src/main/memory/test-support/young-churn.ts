import { getHeapSpaceStatistics } from 'node:v8'
import { holdYoungGeneration } from '../young-generation'

/**
 * Run as its own process (V8's flags are per process): in many short tasks, as main handles a
 * lookup's messages, keeps the last 300,000 small objects alive while making new ones, and prints
 * the largest main's young generation became. `default` leaves V8's own growth, to compare by hand.
 */
if (process.argv[2] !== 'default') holdYoungGeneration()

const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
const window: unknown[] = []
let largest = newSpace()
for (let task = 0; task < 600; task += 1) {
  for (let index = 0; index < 10_000; index += 1) window[(task * 10_000 + index) % 300_000] = { task, index, text: `kept ${index}` }
  await new Promise((resolve) => setImmediate(resolve))
  largest = Math.max(largest, newSpace())
}
process.stdout.write(JSON.stringify({ largestYoungGenerationMb: largest / 1024 / 1024, kept: window.length }))
