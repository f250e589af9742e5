/** Who sent an IPC message, as the transport saw it. Trust is decided from this alone. */
export interface IpcSender {
  webContentsId: number | null
  frameUrl: string
  isMainFrame: boolean
}
