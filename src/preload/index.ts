import { contextBridge, ipcRenderer } from 'electron'
import { createInventoryApi, type ContractTransport, type InventoryApi } from '../shared/contract'

/**
 * Exposes the IPC contract, and nothing else, as `window.inventory`. The renderer never sees
 * `ipcRenderer` or a generic channel-taking function: each contract entry becomes one task-named
 * function, and `satisfies` keeps this object from drifting away from the contract's type.
 */
const ipcTransport: ContractTransport = {
  invoke: (channel, input) => ipcRenderer.invoke(channel, input),
  subscribe(channel, listener) {
    const handler = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(channel, handler)
    return () => {
      ipcRenderer.removeListener(channel, handler)
    }
  }
}

const inventory = createInventoryApi(ipcTransport) satisfies InventoryApi

contextBridge.exposeInMainWorld('inventory', inventory)
