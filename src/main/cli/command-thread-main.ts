import { parentPort, workerData } from 'node:worker_threads'
import type { CommandMainMessage, CommandThreadData, CommandThreadMessage } from './command-thread-protocol'
import { earlyDemoFor, withEarlyDemo } from './early-demo'
import { readCommandLine } from './lookup-args'

/**
 * The command's thread (see `command-thread.ts`): the headless lookup with the process's terminal
 * and signals reached through the main thread.
 */
const port = parentPort
if (port === null) throw new Error('command-thread-main runs as a worker thread')
const { argv, threads } = workerData as CommandThreadData
// Started before the lookup's code loads (a dynamic import below), so the two starts overlap.
const line = readCommandLine(argv)
const early = earlyDemoFor(line, process.env, threads?.demoApiEntry)
const send = (message: CommandThreadMessage) => port.postMessage(message)

const writes = new Map<number, { resolve(): void; reject(error: Error): void }>()
let nextWrite = 1
let onInterrupt: (() => void) | null = null
port.on('message', (message: CommandMainMessage) => {
  if (message.kind === 'interrupt') {
    onInterrupt?.()
    return
  }
  const write = writes.get(message.id)
  writes.delete(message.id)
  if (message.error === null) write?.resolve()
  else write?.reject(new Error(message.error))
})

const { runCommand } = await import('./lookup-main')
const code = await withEarlyDemo(early, (earlyDemoApi) =>
  runCommand(
    line,
    {
      stdout: (text) => send({ kind: 'stdout', text }),
      stderr: (text) => send({ kind: 'stderr', text }),
      writeStdout: (chunk) =>
        new Promise<void>((resolve, reject) => {
          const id = nextWrite++
          writes.set(id, { resolve, reject })
          send({ kind: 'write', id, chunk })
        }),
      onInterrupt(stop) {
        onInterrupt = stop
        send({ kind: 'interrupts', listening: true })
        return () => {
          onInterrupt = null
          send({ kind: 'interrupts', listening: false })
        }
      }
    },
    threads ?? undefined,
    earlyDemoApi
  )
)
send({ kind: 'exit', code })
port.close()
