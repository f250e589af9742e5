import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { invokeContract } from '../../shared/contract'
import { dispatch, type HandlerTable } from '../ipc/handler-table'
import type { IpcSender } from '../security/ipc-sender'

/** What the handler table needs to decide whether to trust a message, read off Electron's event. */
export function senderOf(event: IpcMainInvokeEvent): IpcSender {
  const frame = event.senderFrame
  const mainFrame = event.sender.mainFrame
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url ?? '',
    isMainFrame:
      frame !== null && (frame === mainFrame || (frame.processId === mainFrame.processId && frame.routingId === mainFrame.routingId))
  }
}

/** Serves every channel of the contract from the handler table. Returns a function that unregisters them. */
export function registerIpc(table: HandlerTable): () => void {
  const channels = Object.values(invokeContract).map((definition) => definition.channel)
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input: unknown) => dispatch(table, channel, input, senderOf(event)))
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel)
  }
}
