// Thin adapters over the shell's UI primitives, so every chat-side dialog and button looks like the rest of the app.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Avatar as ShellAvatar } from '../../components/Avatar.js';
import { Dialog } from '../../components/ui/Dialog.js';
import buttonStyles from '../../components/ui/Button.module.css';

export const Modal = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) => (
  <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} className={className}>
    {children}
  </Dialog>
);

export const IconButton = ({
  label,
  children,
  className,
  size = 'sm',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactNode; size?: 'xs' | 'sm' | 'md' }) => (
  <button
    type="button"
    aria-label={label}
    title={label}
    className={[buttonStyles.button, buttonStyles.icon, buttonStyles[size], className ?? ''].filter(Boolean).join(' ')}
    {...rest}
  >
    {children}
  </button>
);

/** People are round, everywhere on the chat side. */
export const Avatar = ({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) => (
  <ShellAvatar name={name} src={src} size={size} shape="round" />
);
