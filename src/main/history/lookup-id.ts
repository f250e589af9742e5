import { AppError } from '../../shared/domain/app-error'

/** What a person is told when the lookup they name is not in History (or no longer is). */
export const LOOKUP_GONE_MESSAGE = 'That lookup is no longer in History; it may have been deleted. Run it again.'

/** The id no lookup has: what a text that cannot be an id names. */
export const NO_LOOKUP = -1

/** History's id of a lookup as the window and the headless command name it (its jobId); `NO_LOOKUP` when the text cannot be one. */
export function lookupIdOf(jobId: string): number {
  return /^\d{1,15}$/.test(jobId) ? Number(jobId) : NO_LOOKUP
}

/** `lookupIdOf`, for a caller that needs the lookup to exist: a text that cannot be an id names a lookup not in History. */
export function requireLookupId(jobId: string): number {
  const id = lookupIdOf(jobId)
  if (id === NO_LOOKUP) throw lookupGone()
  return id
}

export function lookupGone(): AppError {
  return new AppError('not_found', LOOKUP_GONE_MESSAGE)
}
