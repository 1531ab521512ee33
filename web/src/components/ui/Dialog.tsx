// Radix dialog with the app's frame: title, optional description, body.
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import buttonStyles from './Button.module.css';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

export const Dialog = ({ open, onOpenChange, title, description, children, className }: DialogProps) => (
  <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content
        className={[styles.dialog, className ?? ''].filter(Boolean).join(' ')}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <header className={styles.header}>
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          <RadixDialog.Close
            className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.sm}`}
            aria-label="Close"
          >
            <X size={16} aria-hidden />
          </RadixDialog.Close>
        </header>
        {description ? (
          <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
        ) : null}
        <div className={styles.body}>{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
);
