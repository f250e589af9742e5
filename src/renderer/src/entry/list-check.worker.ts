import { createCheckSession, type CheckReply, type CheckRequest } from './list-check'

/** The list check's thread (see list-check.ts); the renderer's tsconfig knows the window, not a worker's scope. */
const scope = self as unknown as {
  postMessage(message: CheckReply): void
  addEventListener(type: 'message', listener: (event: MessageEvent<CheckRequest>) => void): void
}

const session = createCheckSession((reply) => scope.postMessage(reply))

scope.addEventListener('message', (event) => {
  // Checks that are already queued behind this one replace it before it runs.
  if (session.receive(event.data)) setTimeout(session.flush, 0)
})
