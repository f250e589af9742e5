import { basename, dirname } from 'node:path'
import { AppError } from '../../../shared/domain/app-error'

/**
 * Why a file could not be written, in one sentence a person can act on; the system's own error
 * (code and call) is for the log. Disk full and permission denied each get their own sentence.
 */
export function describeWriteFailure(error: unknown, path: string): AppError {
  if (error instanceof AppError) return error
  const code = (error as NodeJS.ErrnoException | null)?.code
  const file = basename(path)
  const folder = dirname(path)
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new AppError(
        'file_write_failed',
        `The disk is full, so ${file} could not be saved. Free some space on it, or choose a folder on another drive, and export again.`
      )
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new AppError(
        'file_write_failed',
        `The app is not allowed to write in ${folder} (permission denied). Choose another folder, such as Documents, and export again.`
      )
    case 'ENOENT':
    case 'ENOTDIR':
      return new AppError('file_write_failed', `The folder ${folder} no longer exists. Choose another folder and export again.`)
    case 'EBUSY':
    case 'ETXTBSY':
      return new AppError(
        'file_write_failed',
        `${file} is open in another program. Close it there, or save under another name, and export again.`
      )
    case 'EISDIR':
      return new AppError('file_write_failed', `${file} is a folder, not a file. Choose another name and export again.`)
    default:
      return new AppError(
        'file_write_failed',
        `${file} could not be saved in ${folder}. Choose another folder, or close the file if it is open in another program, and export again.`
      )
  }
}

/** The system's account of a failure, for the log only. */
export function failureCause(error: unknown): string {
  if (error instanceof Error) return `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}`
  return String(error)
}
