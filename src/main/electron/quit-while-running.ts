/**
 * What quitting asks while lookups run here. Quitting stops them as "interrupted": the answers so
 * far stay in History, and Resume there looks up the rest. `choice` is the button Electron reports.
 */
export const QUIT_WHILE_RUNNING = {
  type: 'question',
  message: 'A lookup is running. Quit and resume it later?',
  detail: 'The answers that arrived are kept in History. Resume it there to look up the rest.',
  buttons: ['Quit', 'Keep running'],
  defaultId: 1,
  cancelId: 1,
  noLink: true
} as const

export function quitChosen(choice: number): boolean {
  return QUIT_WHILE_RUNNING.buttons[choice] === 'Quit'
}
