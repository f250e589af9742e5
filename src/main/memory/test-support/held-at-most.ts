import { MAIN_YOUNG_GENERATION_MB } from '../young-generation'

/**
 * The most main's young generation may reach under the churn tests while held: three times the
 * target, under half of the 128 MB V8's own growth reaches. The hold hears of a collection a task
 * later, so one doubling past the target, and a few pages more, can come before it on a busy machine.
 */
export const HELD_AT_MOST_MB = 3 * MAIN_YOUNG_GENERATION_MB
