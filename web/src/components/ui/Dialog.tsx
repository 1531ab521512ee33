// Radix dialog with the app's frame: title, optional description, body.
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

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
      <RadixDialog.Overlay className="dialog-overlay" />
      <RadixDialog.Content
        className={['dialog', className ?? ''].filter(Boolean).join(' ')}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <header className="dialog__header">
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          <RadixDialog.Close className="btn btn--icon btn--sm dialog__close" aria-label="Close">
            <X size={16} aria-hidden />
          </RadixDialog.Close>
        </header>
        {description ? (
          <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
        ) : null}
        <div className="dialog__body">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
);
