import type { Text } from '@codemirror/state'
import type { ItemType } from '../../../shared/domain/item-type'
import {
  createCheckSession,
  type CheckReply,
  type CheckRequest,
  type ListCheck,
  type ListSource,
  type ScanMatch,
  type TextChange
} from './list-check'
import ListCheckWorker from './list-check.worker?worker'

export interface ListChecker {
  /** Sends a whole list; its check comes to `onChecked` with the returned version. */
  sendList(source: ListSource, itemType: ItemType): number
  /** Sends an edit of the typed list last sent, which gives `after`; cheap whatever the list's size. */
  sendEdit(changes: readonly TextChange[], after: Text): number
  /** Compares a scanned value with the newest list sent. */
  compareScan(input: string): Promise<ScanMatch>
  dispose(): void
}

/**
 * Runs the list check in a worker. Should the worker fail to start (a browser without workers, a
 * policy that refuses it), the same check runs on this thread instead: slower for huge lists, but
 * the summary still comes.
 */
export function createListChecker(onChecked: (version: number, check: ListCheck) => void): ListChecker {
  let version = 0
  let nextFindId = 0
  let current: { source: ListSource; itemType: ItemType } | null = null
  const finds = new Map<number, { input: string; resolve: (match: ScanMatch) => void }>()
  let send: (request: CheckRequest) => void
  let stop: () => void

  const receive = (reply: CheckReply) => {
    if (reply.type === 'checked') {
      onChecked(reply.version, reply.check)
      return
    }
    finds.get(reply.id)?.resolve({ sameAs: reply.sameAs, count: reply.count })
    finds.delete(reply.id)
  }

  const runHere = () => {
    const session = createCheckSession(receive)
    const timers = new Set<number>()
    send = (request) => {
      if (!session.receive(request)) return
      const timer = window.setTimeout(() => {
        timers.delete(timer)
        session.flush()
      }, 0)
      timers.add(timer)
    }
    stop = () => timers.forEach((timer) => window.clearTimeout(timer))
  }

  try {
    const worker = new ListCheckWorker()
    worker.addEventListener('message', (event: MessageEvent<CheckReply>) => receive(event.data))
    worker.addEventListener('error', (event) => {
      event.preventDefault()
      worker.terminate()
      runHere()
      // What the worker had not answered is asked again here.
      if (current !== null) send(listRequest(version, current.source, current.itemType))
      for (const [id, find] of finds) send({ type: 'find', id, input: find.input })
    })
    send = (request) => worker.postMessage(request)
    stop = () => worker.terminate()
  } catch {
    runHere()
  }

  return {
    sendList(source, itemType) {
      version += 1
      current = { source, itemType }
      send(listRequest(version, source, itemType))
      return version
    },
    sendEdit(changes, after) {
      version += 1
      current = { source: after, itemType: current?.itemType ?? 'gtin' }
      send({ type: 'edit', version, changes })
      return version
    },
    compareScan(input) {
      const id = nextFindId++
      return new Promise((resolve) => {
        finds.set(id, { input, resolve })
        send({ type: 'find', id, input })
      })
    },
    dispose() {
      stop()
      for (const find of finds.values()) find.resolve({ sameAs: null, count: 0 })
      finds.clear()
    }
  }
}

function listRequest(version: number, source: ListSource, itemType: ItemType): CheckRequest {
  return { type: 'list', version, list: Array.isArray(source) ? source : source.toString(), itemType }
}
