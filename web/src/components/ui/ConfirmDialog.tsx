// Radix alert dialog asking to confirm a destructive action.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
}

export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
}: ConfirmDialogProps) => (
  <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="dialog-overlay" />
      <AlertDialog.Content className="dialog dialog--alert">
        <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
        <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
        <div className="dialog__actions">
          <AlertDialog.Cancel className="btn btn--outline btn--md">Cancel</AlertDialog.Cancel>
          <AlertDialog.Action
            className="btn btn--danger btn--md"
            disabled={pending}
            onClick={(event) => {
              // The caller closes the dialog when the call settles, so a failure stays in context.
              event.preventDefault();
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  </AlertDialog.Root>
);
