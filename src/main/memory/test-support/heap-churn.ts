import { getHeapSpaceStatistics } from 'node:v8'
import { keepHeapsTight } from '../heap-growth'

/**
 * Run as its own process (V8's flags are per process): keeps about 60 MB alive while objects that
 * live long enough to reach the old space keep dying there, as a lookup's answers do on their way
 * through main, and prints the largest the old space became. `default` leaves V8's own growth, to compare by hand.
 */
if (process.argv[2] !== 'default') keepHeapsTight()

const kept = Array.from({ length: 600 }, (_, row) =>
  Array.from({ length: 1_000 }, (_, cell) => ({ row, cell, text: `kept ${row} ${cell}` }))
)
const passing: unknown[][] = []
let largest = 0
for (let round = 0; round < 6_000; round += 1) {
  passing.push(Array.from({ length: 1_000 }, (_, cell) => ({ round, cell, text: `passing ${round} ${cell}` })))
  if (passing.length > 150) passing.shift()
  if (round % 10 === 0)
    largest = Math.max(largest, getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_size ?? 0)
}
process.stdout.write(JSON.stringify({ largestOldSpaceMb: largest / 1024 / 1024, kept: kept.length }))
