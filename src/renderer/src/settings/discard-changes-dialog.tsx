import { ConfirmDialog } from '../components/confirm-dialog'

interface DiscardChangesDialogProps {
  open: boolean
  environmentLabel: string
  onDiscard: () => void
  onKeepEditing: () => void
}

/** Asked before leaving an environment's settings with edits that are not saved. */
export function DiscardChangesDialog({ open, environmentLabel, onDiscard, onKeepEditing }: DiscardChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Discard unsaved changes?"
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      tone="danger"
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
    >
      <p>Your changes to the {environmentLabel} settings are not saved. Discarding them keeps the settings as they were saved.</p>
    </ConfirmDialog>
  )
}
