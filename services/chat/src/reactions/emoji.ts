const EMOJI_CHARS =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3|[#*0-9])+$/u;
const HAS_PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const SHORTCODE = /^:[a-z0-9_+-]{1,32}:$/;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A standard emoji reaction: exactly one emoji (with its modifiers, ZWJ sequences and flags) or a `:short_code:`. */
export const isStandardEmoji = (value: string): boolean => {
  if (SHORTCODE.test(value)) return true;
  if (!EMOJI_CHARS.test(value) || !HAS_PICTOGRAPH.test(value)) return false;
  return [...graphemes.segment(value)].length === 1;
};
