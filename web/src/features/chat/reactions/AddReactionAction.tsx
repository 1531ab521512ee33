// "Add reaction" in a message's toolbar: the emoji picker, anchored to the button.
import type { Message } from '@teamchat/contracts';
import { AddReactionButton } from './ReactionPicker.js';
import { useToggleReaction } from './reactions-api.js';
import { useReactionContext } from './use-reaction-context.js';
import messageRowStyles from '../MessageRow.module.css';

export const AddReactionAction = ({ message }: { message: Message }) => {
  const { me } = useReactionContext({ customs: false });
  const toggle = useToggleReaction(message, me);
  if (message.deleted) return null;
  return <AddReactionButton className={messageRowStyles.action} onPick={(id) => toggle(id, true)} />;
};
