/**
 * The questions main asks in the OS's message box. Escape and Enter give the last button, which
 * changes nothing; `answerOf` turns the index Electron reports into the button's label.
 */
export interface Question {
  readonly type: 'question'
  readonly message: string
  readonly detail: string
  readonly buttons: readonly string[]
  readonly defaultId: number
  readonly cancelId: number
  readonly noLink: true
}

/**
 * Quitting while lookups run: they stop as "interrupted", the answers so far stay in History, and
 * Resume there looks up the rest.
 */
export const QUIT_WHILE_RUNNING = {
  type: 'question',
  message: 'A lookup is running. Quit and resume it later?',
  detail: 'The answers that arrived are kept in History. Resume it there to look up the rest.',
  buttons: ['Quit', 'Keep running'],
  defaultId: 1,
  cancelId: 1,
  noLink: true
} as const satisfies Question

/**
 * Closing the window while Settings has edits that are not saved (the window refuses to unload
 * then; leaving Settings inside the app asks the same in the window's own dialog).
 */
export const CLOSE_WITH_UNSAVED_SETTINGS = {
  type: 'question',
  message: 'Close without saving your Settings changes?',
  detail: 'Your changes to the settings are not saved. Closing keeps the settings as they were saved.',
  buttons: ['Close without saving', 'Keep editing'],
  defaultId: 1,
  cancelId: 1,
  noLink: true
} as const satisfies Question

/**
 * The window's page stopped (a crash, memory running out): its web page cannot show anything, so
 * main offers the reload. Lookups run in main and go on; what they answered is in History.
 */
export const WINDOW_GONE = {
  type: 'question',
  message: 'The window stopped unexpectedly. Reload it?',
  detail: 'Lookups keep running, and every answer is kept in History. Reloading shows the app again.',
  buttons: ['Reload', 'Not now'],
  defaultId: 0,
  cancelId: 1,
  noLink: true
} as const satisfies Question

/** The label of the button Electron reports as chosen. */
export function answerOf<Q extends Question>(question: Q, choice: number): Q['buttons'][number] | undefined {
  return question.buttons[choice]
}
