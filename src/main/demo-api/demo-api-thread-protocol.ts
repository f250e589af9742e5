import type { DemoDay } from './demo-date'
import type { DemoFaults } from './demo-faults'
import type { DemoApiStats } from './demo-stats'

/** What main asks of the Demo API's thread. */
export type DemoThreadAsk =
  | { op: 'url' }
  | { op: 'stats' }
  | { op: 'resetStats' }
  | { op: 'setFaults'; faults: Partial<DemoFaults> }
  | { op: 'setDay'; day: DemoDay }
  | { op: 'expireAllTokens' }
  | { op: 'close' }

export type DemoThreadRequest = DemoThreadAsk & { id: number }

/** The thread's answers, one per request; `url` is answered once its server listens. */
export type DemoThreadMessage =
  { kind: 'reply'; id: number; ok: true; value?: DemoApiStats | string } | { kind: 'reply'; id: number; ok: false; error: ThreadError }

/** An error as it crosses the thread boundary: a RangeError (faults out of range) stays one. */
export interface ThreadError {
  name: string
  message: string
}

export interface DemoThreadData {
  faults: Partial<DemoFaults>
  /** The day the Demo's stock starts on; main moves it on with `setDay` (a clock cannot cross threads). */
  day: DemoDay
}
