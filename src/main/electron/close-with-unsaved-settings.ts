/**
 * What closing the window asks while Settings has edits that are not saved (the window refuses to
 * unload then; leaving Settings inside the app asks the same in the window's own dialog).
 * `choice` is the button Electron reports.
 */
export const CLOSE_WITH_UNSAVED_SETTINGS = {
  type: 'question',
  message: 'Close without saving your Settings changes?',
  detail: 'Your changes to the settings are not saved. Closing keeps the settings as they were saved.',
  buttons: ['Close without saving', 'Keep editing'],
  defaultId: 1,
  cancelId: 1,
  noLink: true
} as const

export function closeChosen(choice: number): boolean {
  return CLOSE_WITH_UNSAVED_SETTINGS.buttons[choice] === 'Close without saving'
}
