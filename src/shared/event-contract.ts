import { z } from 'zod'
import { jobProgressSchema } from './domain/job-progress'
import { scheduleEvents } from './schedules/scheduled-run'
import { settingsAnswerSchema } from './settings'

/** The events main pushes to the renderer, defined once as the IPC contract's invokes are (`contract.ts`). */
export const eventContract = {
  onJobProgress: { channel: 'jobs:progress', payload: jobProgressSchema },
  /** The settings changed (the tray's Pause schedules, or a save): the window shows them as main now has them without asking again. */
  onSettingsChanged: { channel: 'settings:changed', payload: settingsAnswerSchema },
  ...scheduleEvents,
  /**
   * A part of the app stopped unexpectedly (one of main's threads, or one of Electron's processes):
   * the sentence to show, and whether reloading the window is offered.
   */
  onAppProblem: { channel: 'app:problem', payload: z.object({ message: z.string().max(1000), reload: z.boolean() }) }
} as const
