import type { Settings } from '../../shared/settings'
import type { Logger } from '../logging/logger'
import type { HistoryWriter } from './history-writer'

const DAY_MS = 86_400_000

/** The two cut-offs of History's retention: full answers never outlive their lookup. */
export function retentionCutoffs(
  settings: Pick<Settings, 'historyRetentionDays' | 'historyAnswerDays'>,
  now: number
): { lookups: number; answers: number } {
  const answerDays = Math.min(settings.historyAnswerDays, settings.historyRetentionDays)
  return { lookups: now - settings.historyRetentionDays * DAY_MS, answers: now - answerDays * DAY_MS }
}

/**
 * Applied when the app starts: lookups past the summaries' retention go whole, then the runs past
 * the answers' retention lose their raw answers and keep their summaries. A failure leaves both for
 * the next start; the app is usable meanwhile.
 */
export async function applyHistoryRetention(
  writer: Pick<HistoryWriter, 'purgeStartedBefore' | 'removeAnswersBefore'>,
  settings: Pick<Settings, 'historyRetentionDays' | 'historyAnswerDays'>,
  effects: { now: () => number; log: Logger }
): Promise<void> {
  const cutoffs = retentionCutoffs(settings, effects.now())
  try {
    const removed = await writer.purgeStartedBefore(cutoffs.lookups)
    if (removed > 0) effects.log.info('old lookups removed from History', { lookups: removed })
    const trimmed = await writer.removeAnswersBefore(cutoffs.answers)
    if (trimmed > 0) effects.log.info("old lookups' full answers removed from History, summaries kept", { lookups: trimmed })
  } catch (error) {
    effects.log.error('old lookups could not be removed from History', { error })
  }
}
