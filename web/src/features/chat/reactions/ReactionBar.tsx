// Under a message: one chip per reaction (its emoji or custom picture, and how many), pressed when you reacted;
// clicking toggles yours, hovering or focusing tells who reacted. "+" opens the emoji picker.
import type { Message, ReactionSummary } from '@teamchat/contracts';
import * as Tooltip from '@radix-ui/react-tooltip';
import { memo, useMemo } from 'react';
import { useNamePrefs } from '../../../lib/display-name.js';
import { reactionLook, reactorNames, reactorsText, type ReactionLook } from './reaction-label.js';
import { AddReactionButton } from './ReactionPicker.js';
import { hasReacted, useToggleReaction } from './reactions-api.js';
import { useReactionContext } from './use-reaction-context.js';
import menuStyles from '../../../components/ui/menu.module.css';
import styles from './ReactionBar.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ReactionFace = ({ look }: { look: ReactionLook }) =>
  look.kind === 'custom' ? (
    <img className={styles.image} src={look.imageUrl} alt="" loading="lazy" />
  ) : (
    <span className={styles.emoji} aria-hidden="true">
      {look.kind === 'emoji' ? look.emoji : '?'}
    </span>
  );

const ReactionChip = ({
  reaction,
  look,
  mine,
  who,
  onToggle,
}: {
  reaction: ReactionSummary;
  look: ReactionLook;
  mine: boolean;
  who: string;
  onToggle: () => void;
}) => (
  <Tooltip.Root>
    <Tooltip.Trigger asChild>
      <button
        type="button"
        className={[styles.reaction, mine ? styles.mine : ''].filter(Boolean).join(' ')}
        aria-pressed={mine}
        aria-label={`${look.name} ${reaction.count} ${reaction.count === 1 ? 'reaction' : 'reactions'}`}
        data-reaction={reaction.reactionId}
        onClick={onToggle}
      >
        <ReactionFace look={look} />
        <span className={styles.count} aria-hidden="true">
          {reaction.count}
        </span>
      </button>
    </Tooltip.Trigger>
    <Tooltip.Portal>
      <Tooltip.Content className={`${menuStyles.tooltip} ${styles.tooltip}`} side="top" sideOffset={6}>
        {look.kind === 'custom' ? <img className={styles.tooltipImage} src={look.imageUrl} alt="" /> : null}
        {who}
      </Tooltip.Content>
    </Tooltip.Portal>
  </Tooltip.Root>
);

/** The reactions of a stored message; nothing while it has none (the toolbar's "Add reaction" starts one). */
export const ReactionBar = memo(({ message }: { message: Message }) => {
  const reactions = message.reactions ?? [];
  const reactors = useMemo(() => (message.reactions ?? []).flatMap((r) => r.userIds), [message.reactions]);
  const prefs = useNamePrefs();
  const { me, usersById, customReactions } = useReactionContext({
    customs: reactions.some((r) => UUID.test(r.reactionId)),
    userIds: reactors,
  });
  const toggle = useToggleReaction(message, me);
  if (reactions.length === 0 || message.deleted) return null;
  return (
    <Tooltip.Provider delayDuration={250}>
      <div className={styles.reactions} role="group" aria-label="Reactions">
        {reactions.map((reaction) => {
          const look = reactionLook(reaction.reactionId, customReactions);
          return (
            <ReactionChip
              key={reaction.reactionId}
              reaction={reaction}
              look={look}
              mine={hasReacted(reactions, reaction.reactionId, me)}
              who={reactorsText(reactorNames(reaction.userIds, usersById, me, prefs), look)}
              onToggle={() => toggle(reaction.reactionId)}
            />
          );
        })}
        <AddReactionButton className={`${styles.reaction} ${styles.add}`} onPick={(id) => toggle(id, true)} />
      </div>
    </Tooltip.Provider>
  );
});
ReactionBar.displayName = 'ReactionBar';
