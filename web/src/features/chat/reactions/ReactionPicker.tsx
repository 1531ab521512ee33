// A popover holding the emoji picker, opened from a trigger ("Add reaction" in the toolbar, "+" in the reaction bar).
// The picker's code and emoji data load on first open (or on hovering a trigger), not with the app.
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { SmilePlus } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { customReactionsQuery } from '../../settings/api.js';
import styles from './ReactionPicker.module.css';

const loadPanel = () => import('./EmojiPickerPanel.js');
const EmojiPickerPanel = lazy(loadPanel);

/** Starts loading the picker, so it is there when the popover opens. */
export const preloadEmojiPicker = (): void => {
  void loadPanel();
};

export interface ReactionPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A Unicode emoji, or a custom reaction's id; the popover closes after. */
  onPick: (reactionId: string) => void;
  /** The button that opens it. */
  children: ReactNode;
}

const PickerBody = ({ onPick }: { onPick: (reactionId: string) => void }) => {
  const customs = useQuery(customReactionsQuery());
  return <EmojiPickerPanel onPick={onPick} customs={customs.data ?? []} />;
};

export const ReactionPicker = ({ open, onOpenChange, onPick, children }: ReactionPickerProps) => (
  <Popover.Root open={open} onOpenChange={onOpenChange}>
    <Popover.Trigger asChild>{children}</Popover.Trigger>
    <Popover.Portal>
      <Popover.Content
        className={styles.popover}
        side="bottom"
        align="end"
        sideOffset={6}
        collisionPadding={12}
        aria-label="Emoji picker"
        data-testid="emoji-picker"
      >
        {open ? (
          <Suspense fallback={<div className={styles.loading}>Loading emoji…</div>}>
            <PickerBody
              onPick={(reactionId) => {
                onOpenChange(false);
                onPick(reactionId);
              }}
            />
          </Suspense>
        ) : null}
      </Popover.Content>
    </Popover.Portal>
  </Popover.Root>
);

/** A button labelled "Add reaction" that opens the picker (its own open state), styled by `className`. */
export const AddReactionButton = ({
  className,
  onPick,
}: {
  className: string;
  onPick: (reactionId: string) => void;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <ReactionPicker open={open} onOpenChange={setOpen} onPick={onPick}>
      <button
        type="button"
        className={className}
        aria-label="Add reaction"
        title="Add reaction"
        onPointerEnter={preloadEmojiPicker}
        onFocus={preloadEmojiPicker}
      >
        <SmilePlus size={14} aria-hidden="true" />
      </button>
    </ReactionPicker>
  );
};
