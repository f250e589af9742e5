/**
 * History is kept with Node's built-in SQLite (`node:sqlite`), which works without a flag from
 * Node 22.13 on the 22 line and from 23.4 on the 23 line: what `engines` in package.json says, and
 * what the headless command and the browser preview check before loading anything that needs it.
 */
export const NODE_ENGINES = '^22.13.0 || >=23.4.0'

/** The first version of each line with `node:sqlite` unflagged; every line after the last has it. */
const FIRST_UNFLAGGED: Readonly<Record<number, readonly [minor: number, patch: number]>> = { 22: [13, 0], 23: [4, 0] }
const FIRST_MAJOR = 22
const LAST_LISTED_MAJOR = 23

/** Whether this Node version has `node:sqlite` without a flag. */
export function nodeIsNewEnough(version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0)
  if (major > LAST_LISTED_MAJOR) return true
  if (major < FIRST_MAJOR) return false
  const [firstMinor, firstPatch] = FIRST_UNFLAGGED[major] ?? [0, 0]
  return minor > firstMinor || (minor === firstMinor && patch >= firstPatch)
}

/** The sentence to print when `program` is started on a Node without `node:sqlite`; null when this one will do. */
export function nodeVersionProblem(program: string, version: string = process.versions.node): string | null {
  if (nodeIsNewEnough(version)) return null
  return `${program} needs Node.js 22.13 or newer (23.4 or newer on Node 23) for its built-in SQLite, and this is Node ${version.replace(/^v/, '')}: install Node 24 and run it again.\n`
}
