// Radix alert dialog asking to confirm a destructive action.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import dialogStyles from './Dialog.module.css';
import buttonStyles from './Button.module.css';

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
      <AlertDialog.Overlay className={dialogStyles.overlay} />
      <AlertDialog.Content className={`${dialogStyles.dialog} ${dialogStyles.alert}`}>
        <AlertDialog.Title className={dialogStyles.title}>{title}</AlertDialog.Title>
        <AlertDialog.Description className={dialogStyles.description}>{description}</AlertDialog.Description>
        <div className={dialogStyles.actions}>
          <AlertDialog.Cancel className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.md}`}>
            Cancel
          </AlertDialog.Cancel>
          <AlertDialog.Action
            className={`${buttonStyles.button} ${buttonStyles.danger} ${buttonStyles.md}`}
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
