// Copying to the clipboard, and the check mark that shows for 2 seconds after a copy.
import { useEffect, useRef, useState } from 'react';

export const COPIED_MS = 2000;

/** False when the browser refuses (no permission, no secure context). */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/** `copied`: the key of what was copied last, for COPIED_MS after `flag(key)`. */
export const useCopiedFlag = () => {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flag = (key: string) => {
    setCopied(key);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  };
  return { copied, flag };
};
