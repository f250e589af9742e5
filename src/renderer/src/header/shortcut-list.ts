/** Every keyboard shortcut the app has, grouped by where it works, as the "Keyboard shortcuts" list shows them. */
export interface ShortcutGroup {
  where: string
  shortcuts: readonly { keys: readonly (readonly string[])[]; does: string }[]
}

/** One key combination is a list of keys pressed together; a shortcut may have alternatives. */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    where: 'Anywhere',
    shortcuts: [
      { keys: [['Ctrl', '/']], does: 'Show this list of keyboard shortcuts' },
      { keys: [['Ctrl', 'Shift', 'H']], does: 'Open History: past lookups to open, resume or compare' },
      { keys: [['Tab'], ['Shift', 'Tab']], does: 'Move to the next or the previous control' },
      { keys: [['Escape']], does: 'Close a dialog without changing anything' }
    ]
  },
  {
    where: 'What to look up',
    shortcuts: [
      { keys: [['Ctrl', 'Enter']], does: 'Run the lookup, from any field of the form' },
      {
        keys: [
          ['Ctrl', 'Z'],
          ['Ctrl', 'Shift', 'Z']
        ],
        does: 'Undo or redo an edit in "Values to look up"'
      },
      { keys: [['Enter']], does: 'Scan: add the value (a scanner presses it for you)' },
      { keys: [['Escape']], does: 'Scan: clear the field' },
      { keys: [['Enter']], does: 'Check before lookup: apply the fix typed in a value' },
      { keys: [['Escape']], does: 'Check before lookup: put the value back as it was' }
    ]
  },
  {
    where: 'Results',
    shortcuts: [
      { keys: [['Ctrl', 'F']], does: 'Go to Quick search (in Compare too)' },
      { keys: [['Ctrl', 'E']], does: 'Export the results, or the comparison in Compare' },
      { keys: [['←'], ['→']], does: 'Items and Locations, and the tabs of the details: switch tab' }
    ]
  },
  {
    where: 'Results grid (one Tab stop)',
    shortcuts: [
      { keys: [['↑'], ['↓'], ['←'], ['→']], does: 'Move between cells' },
      { keys: [['Home'], ['End']], does: 'First or last cell of the row' },
      {
        keys: [
          ['Ctrl', 'Home'],
          ['Ctrl', 'End']
        ],
        does: 'First or last row'
      },
      { keys: [['Page Up'], ['Page Down']], does: 'Up or down a page of rows' },
      { keys: [['Enter']], does: 'Show the details of the row' },
      { keys: [['Space']], does: 'In the first column: select or unselect the row' },
      { keys: [['Ctrl', 'A']], does: 'Select all rows shown' },
      { keys: [['Ctrl', 'C']], does: 'Copy the cell, or the selected rows when the cell is in one' },
      { keys: [['Tab']], does: 'Leave the grid' }
    ]
  },
  {
    where: 'Details panel',
    shortcuts: [{ keys: [['←'], ['→']], does: 'On the panel edge: make the panel wider or narrower' }]
  }
]
