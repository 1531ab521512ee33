import { isStandardEmoji } from './emoji.js';

describe(isStandardEmoji.name, () => {
  it.each(['👍', '👍🏽', '❤️', '👩‍💻', '🇫🇷', '#️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🧑🏽‍🚀', ':thumbsup:', ':+1:'])('accepts %s', (e) => {
    expect(isStandardEmoji(e)).toBe(true);
  });

  it.each(['', 'a', 'hello', '👍👍', '1', ':Not Valid:', '<script>'])('refuses %p', (e) => {
    expect(isStandardEmoji(e)).toBe(false);
  });
});
