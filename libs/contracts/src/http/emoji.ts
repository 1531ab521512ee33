// What counts as one Unicode emoji: a reaction `{ emoji }` is exactly one, as an emoji picker hands it out.

/** Characters an emoji is made of: pictographs, flags, skin tones, ZWJ, variation selector, keycaps, subdivision tags. */
const EMOJI_CHARS =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3|[#*0-9]|[\u{e0020}-\u{e007f}])+$/u;
/** At least one of them is a picture (so "1" or "#" alone is not an emoji). */
const HAS_PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Exactly one Unicode emoji, with its modifiers, ZWJ sequence, keycap or flag (not a `:short_code:`). */
export const isUnicodeEmoji = (value: string): boolean =>
  EMOJI_CHARS.test(value) && HAS_PICTOGRAPH.test(value) && [...graphemes.segment(value)].length === 1;
