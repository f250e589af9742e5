import { parentPort, workerData } from 'node:worker_threads'
import { startDemoApi } from './demo-api'
import type { DemoThreadData, DemoThreadMessage, DemoThreadRequest, ThreadError } from './demo-api-thread-protocol'

/**
 * The Demo API's own thread: the simulated remote server answers here, so the app's main thread
 * spends nothing on building its answers (100 items per search, by the thousand in a large lookup).
 */
const port = parentPort
if (port === null) throw new Error('demo-api-thread-main runs only as a worker thread')

function post(message: DemoThreadMessage): void {
  port?.postMessage(message)
}

function asThreadError(error: unknown): ThreadError {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) }
}

// Faults out of range, or no port to listen on: the thread fails to start, and main's start() rejects.
// Main's first question (the server's URL) waits in the port until the server listens.
const data = workerData as DemoThreadData
let day = data.day
const api = await startDemoApi({ faults: data.faults, day: () => day })
port.on('message', (request: DemoThreadRequest) => {
  void answer(request)
})

async function answer(request: DemoThreadRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'url':
        post({ kind: 'reply', id: request.id, ok: true, value: api.url })
        return
      case 'stats':
        post({ kind: 'reply', id: request.id, ok: true, value: api.stats() })
        return
      case 'resetStats':
        api.resetStats()
        break
      case 'setFaults':
        api.setFaults(request.faults)
        break
      case 'setDay':
        day = request.day
        break
      case 'expireAllTokens':
        api.expireAllTokens()
        break
      case 'close':
        await api.close()
        break
    }
    post({ kind: 'reply', id: request.id, ok: true })
  } catch (error) {
    post({ kind: 'reply', id: request.id, ok: false, error: asThreadError(error) })
  }
}
