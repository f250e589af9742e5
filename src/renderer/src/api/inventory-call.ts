import type { IpcResult } from '../../../shared/contract'
import type { ErrorCode } from '../../../shared/domain/app-error'

/** A failed contract call, carrying main's error code and its user-facing message. */
export class InventoryCallError extends Error {
  readonly code: ErrorCode
  readonly status: number | undefined

  constructor(code: ErrorCode, message: string, status?: number) {
    super(message)
    this.name = 'InventoryCallError'
    this.code = code
    this.status = status
  }
}

/** Unwraps main's result object so react-query sees a value or a thrown, typed error. */
export async function callInventory<T>(call: Promise<IpcResult<T>>): Promise<T> {
  let result: IpcResult<T>
  try {
    result = await call
  } catch {
    throw new InventoryCallError('offline', 'The app could not reach its background service.')
  }
  if (result.ok) return result.value
  throw new InventoryCallError(result.error.code, result.error.message, result.error.status)
}
