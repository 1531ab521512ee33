// Local storage keys of spec 2 §3 owned by the channel screen, widgets and settings.
export const StorageKeys = {
  userStatus: 'user-status',
  panelSize: 'panel_size',
  notepad: 'notepad',
  fortuneDate: 'fortune_date',
  fortuneMessage: 'fortune_message',
  petStats: 'pet_stats',
  widgetConfig: 'widget_config',
  profileUsername: 'userProfile_username',
  profileHandle: 'userProfile_handle',
  profileImage: 'userProfile_image',
  profileAboutMe: 'userProfile_aboutMe',
} as const;

/** Reads a key; storage can be unavailable (private mode) or hold junk, neither may break a screen. */
export const readLocal = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** Writes a key; returns false when the browser refused (quota exceeded, storage disabled). */
export const writeLocal = (key: string, value: string): boolean => {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
};

export const readLocalJson = <T>(key: string): T | null => {
  const raw = readLocal(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};
