import { readFileSync } from 'node:fs'

/**
 * What one heap snapshot holds that another does not, by constructor (`tsx bench/heap-snapshot-diff.ts
 * BEFORE AFTER [rows]`): the objects of each kind and their own bytes, largest change first. Two
 * snapshots of one heap taken runs apart show what the runs left behind (a map that is never pruned
 * grows by its entries, a listener added per run by its closures).
 */
interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
  strings: string[]
}

interface Kind {
  count: number
  bytes: number
}

function kinds(path: string): Map<string, Kind> {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(path, 'utf8')) as Snapshot
  const fields = snapshot.meta.node_fields
  const types = snapshot.meta.node_types[0]
  const [type, name, size] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [number, number, number]
  const found = new Map<string, Kind>()
  for (let node = 0; node < nodes.length; node += fields.length) {
    const kind = types[nodes[node + type] ?? 0] ?? 'unknown'
    const key = kind === 'object' || kind === 'closure' ? `${kind} ${strings[nodes[node + name] ?? 0] ?? ''}` : `(${kind})`
    const entry = found.get(key) ?? { count: 0, bytes: 0 }
    entry.count += 1
    entry.bytes += nodes[node + size] ?? 0
    found.set(key, entry)
  }
  return found
}

const [before, after, rows] = process.argv.slice(2)
if (before === undefined || after === undefined) {
  console.error('Give two heap snapshots: tsx bench/heap-snapshot-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [rows]')
  process.exit(2)
}
const then = kinds(before)
const now = kinds(after)
const none: Kind = { count: 0, bytes: 0 }
const changes = [...new Set([...then.keys(), ...now.keys()])]
  .map((key) => {
    const [a, b] = [then.get(key) ?? none, now.get(key) ?? none]
    return { key: key.slice(0, 80), count: b.count - a.count, bytes: b.bytes - a.bytes, from: a.count, to: b.count }
  })
  .filter((change) => change.count !== 0 || change.bytes !== 0)
  .sort((x, y) => Math.abs(y.bytes) - Math.abs(x.bytes))
  .slice(0, Number(rows ?? 30))
for (const change of changes) {
  console.log(
    `${String(change.bytes).padStart(10)} bytes ${String(change.count).padStart(7)} objects (${change.from} -> ${change.to})  ${change.key}`
  )
}
