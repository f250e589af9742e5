import { writeFileAtomic } from '../../files/atomic-write'

/**
 * Child process for the crash test: rewrites settings.json atomically, as fast as it can, with
 * large valid settings that alternate between two store numbers, until it is killed.
 */
const [path, first, second] = process.argv.slice(2)
if (path === undefined || first === undefined || second === undefined) {
  throw new Error('usage: rewrite-settings-forever <path> <settings-json-a> <settings-json-b>')
}
// Leading whitespace keeps the JSON valid and makes each write long enough to be interrupted,
// while any truncated copy of it would be invalid.
const padding = ' '.repeat(8 * 1024 * 1024)
const bodies = [padding + first, padding + second]
let round = 0
for (;;) {
  await writeFileAtomic(path, bodies[round % 2] ?? first)
  round += 1
  if (round === 1) process.stdout.write('written\n')
}
