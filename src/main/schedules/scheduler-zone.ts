import { isTimeZone } from '../../shared/schedules/zoned-time'
import type { Logger } from '../logging/logger'

const READ_FAILED = Symbol('read failed')

/**
 * The zone local times are read in, asked for again at every check so that a change of the
 * computer's zone counts from then on. A zone the runtime does not know, or one that cannot be
 * read, means UTC until it can be used; that is logged once, not at every check.
 */
export function createZoneReader(read: () => string, log: Pick<Logger, 'warn'>): () => string {
  let warnedAbout: string | typeof READ_FAILED | null = null
  return () => {
    let name: string
    try {
      name = read()
    } catch (error) {
      if (warnedAbout !== READ_FAILED) log.warn('the time zone could not be read; schedules follow UTC until it can', { error })
      warnedAbout = READ_FAILED
      return 'UTC'
    }
    if (isTimeZone(name)) {
      warnedAbout = null
      return name
    }
    if (warnedAbout !== name)
      log.warn('the time zone is not one the app knows; schedules follow UTC until it is', { zone: String(name).slice(0, 100) })
    warnedAbout = name
    return 'UTC'
  }
}
