import { createInventoryApi, type ContractTransport } from '../../src/shared/contract'
import { decodeWire, encodeWire } from './wire-codec'

/**
 * Runs in the page, before the renderer: gives it the same `window.inventory` the preload gives in
 * Electron, carried over loopback HTTP (calls) and server-sent events (pushes) to the harness.
 * Every URL is relative to the page, so each request carries the per-run token in its path.
 */
const base = new URL('./__harness/', document.baseURI)
const listeners = new Map<string, Set<(payload: unknown) => void>>()
let events: EventSource | null = null

function ensureEvents(): void {
  if (events !== null) return
  events = new EventSource(new URL('events', base))
  events.onmessage = (message: MessageEvent<string>) => {
    const { channel, payload } = decodeWire(message.data) as { channel: string; payload: unknown }
    for (const listener of listeners.get(channel) ?? []) listener(payload)
  }
}

const httpTransport: ContractTransport = {
  async invoke(channel, input) {
    const response = await fetch(new URL('invoke', base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: encodeWire({ channel, input })
    })
    return decodeWire(await response.text())
  },
  subscribe(channel, listener) {
    ensureEvents()
    const set = listeners.get(channel) ?? new Set()
    set.add(listener)
    listeners.set(channel, set)
    return () => {
      set.delete(listener)
    }
  }
}

Object.defineProperty(window, 'inventory', {
  value: createInventoryApi(httpTransport),
  writable: false,
  configurable: false
})
