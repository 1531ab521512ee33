// The emoji picker itself (emoji-picker-react: search, categories, recently used, skin tones), with the workspace's
// custom reactions as a "Custom" category. Loaded on first use only (see ReactionPicker): its emoji data is large.
import type { CustomReaction } from '@teamchat/contracts';
import EmojiPicker, { Categories, EmojiStyle, SuggestionMode, type EmojiClickData } from 'emoji-picker-react';
import { useMemo, type CSSProperties } from 'react';

/** The picker in the app's colours, whatever the theme (inline custom properties win over the picker's own). */
const THEMED = {
  '--epr-bg-color': 'var(--panel)',
  '--epr-category-label-bg-color': 'color-mix(in srgb, var(--panel) 92%, transparent)',
  '--epr-text-color': 'var(--text-muted)',
  '--epr-highlight-color': 'var(--primary)',
  '--epr-hover-bg-color': 'var(--surface-hover)',
  '--epr-hover-bg-color-reduced-opacity': 'color-mix(in srgb, var(--surface-hover) 50%, transparent)',
  '--epr-focus-bg-color': 'var(--surface-hover)',
  '--epr-search-input-bg-color': 'var(--panel-2)',
  '--epr-search-input-bg-color-active': 'var(--panel-2)',
  '--epr-search-input-text-color': 'var(--text)',
  '--epr-picker-border-color': 'var(--border)',
  '--epr-category-icon-active-color': 'var(--primary)',
  '--epr-category-icon-inactive-color': 'var(--text-muted)',
  '--epr-skin-tone-picker-menu-color': 'var(--panel)',
  '--epr-emoji-variation-picker-bg-color': 'var(--panel)',
  '--epr-font-family': 'var(--font-sans)',
} as CSSProperties;

const CATEGORIES = [
  { category: Categories.SUGGESTED, name: 'Recently used' },
  { category: Categories.CUSTOM, name: 'Custom' },
  { category: Categories.SMILEYS_PEOPLE, name: 'Smileys & people' },
  { category: Categories.ANIMALS_NATURE, name: 'Animals & nature' },
  { category: Categories.FOOD_DRINK, name: 'Food & drink' },
  { category: Categories.TRAVEL_PLACES, name: 'Travel & places' },
  { category: Categories.ACTIVITIES, name: 'Activities' },
  { category: Categories.OBJECTS, name: 'Objects' },
  { category: Categories.SYMBOLS, name: 'Symbols' },
  { category: Categories.FLAGS, name: 'Flags' },
];

export interface EmojiPickerPanelProps {
  /** A Unicode emoji, or a custom reaction's id. */
  onPick: (reactionId: string) => void;
  customs: readonly CustomReaction[];
}

const EmojiPickerPanel = ({ onPick, customs }: EmojiPickerPanelProps) => {
  const customEmojis = useMemo(
    () => customs.map((c) => ({ id: c.id, names: [c.name], imgUrl: c.imageUrl })),
    [customs],
  );
  return (
    <EmojiPicker
      onEmojiClick={(data: EmojiClickData) => onPick(data.isCustom ? data.unified : data.emoji)}
      emojiStyle={EmojiStyle.NATIVE}
      customEmojis={customEmojis}
      categories={CATEGORIES}
      suggestedEmojisMode={SuggestionMode.RECENT}
      searchPlaceholder="Search emoji"
      previewConfig={{ showPreview: false }}
      autoFocusSearch
      lazyLoadEmojis
      width={340}
      height={380}
      style={THEMED}
    />
  );
};

export default EmojiPickerPanel;
