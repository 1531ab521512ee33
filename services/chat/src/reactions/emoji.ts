import { isUnicodeEmoji } from '@teamchat/contracts';

const SHORTCODE = /^:[a-z0-9_+-]{1,32}:$/;

/** A standard emoji reaction: exactly one emoji (with its modifiers, ZWJ sequences and flags) or a `:short_code:`. */
export const isStandardEmoji = (value: string): boolean => SHORTCODE.test(value) || isUnicodeEmoji(value);
