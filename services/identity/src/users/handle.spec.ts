import { HandleSchema, UpdateHandleSchema, UpdateUserSchema } from '@teamchat/contracts';

const PATTERN = 'Handle can only contain letters, numbers, underscores, and hyphens.';
const LENGTH = 'Handle must be between 1 and 50 characters.';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('handle rules', () => {
  it.each(['ada', 'Ada_Lovelace', 'ada-99', '_', 'a'.repeat(50)])('accepts %s', (handle) => {
    expect(HandleSchema.safeParse(handle).success).toBe(true);
  });

  it.each(['ada lovelace', 'ada.lovelace', 'ada@home', 'émile', 'ada!', '#ada'])(
    'refuses %s with the characters message',
    (handle) => {
      expect(messageOf(HandleSchema.safeParse(handle))).toBe(PATTERN);
    },
  );

  it('refuses an empty handle with the length message', () => {
    expect(messageOf(UpdateHandleSchema.safeParse({ handle: '' }))).toBe(LENGTH);
  });

  it('refuses 51 characters with the length message', () => {
    expect(messageOf(HandleSchema.safeParse('a'.repeat(51)))).toBe(LENGTH);
  });

  it('refuses a missing or non-text handle on the handle route with the length message', () => {
    expect(messageOf(UpdateHandleSchema.safeParse({}))).toBe(LENGTH);
    expect(messageOf(UpdateHandleSchema.safeParse({ handle: 42 }))).toBe(LENGTH);
  });

  it('treats an empty handle in a profile update as clearing it', () => {
    const parsed = UpdateUserSchema.safeParse({ handle: '' });
    expect(parsed.success && parsed.data.handle).toBeNull();
  });

  it('keeps the handle untouched when a profile update leaves it out', () => {
    const parsed = UpdateUserSchema.safeParse({ aboutMe: 'hi' });
    expect(parsed.success && 'handle' in parsed.data).toBe(false);
  });

  it('refuses an about me over 500 characters with "About me too long"', () => {
    expect(messageOf(UpdateUserSchema.safeParse({ aboutMe: 'x'.repeat(501) }))).toBe('About me too long');
    expect(UpdateUserSchema.safeParse({ aboutMe: 'x'.repeat(500) }).success).toBe(true);
  });
});
