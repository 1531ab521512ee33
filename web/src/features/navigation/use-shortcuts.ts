// The signed-in screens' keyboard shortcuts, on the window (see ShortcutsDialog for the list).
import { useEffect, useRef } from 'react';

export interface ShortcutActions {
  toggleSwitcher(): void;
  showShortcuts(): void;
  /** Alt+↑/↓ (`unread` with Shift). */
  step(direction: 1 | -1, unread: boolean): void;
  markRead(): void;
}

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

export const useShortcuts = (actions: ShortcutActions): void => {
  // the latest actions, without re-subscribing on every render
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const a = latest.current;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && !e.altKey && (e.key === 'k' || e.key === 'K')) {
        e.preventDefault();
        a.toggleSwitcher();
      } else if (mod && !e.altKey && e.key === '/') {
        e.preventDefault();
        a.showShortcuts();
      } else if (e.altKey && !mod && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
        if (dialogOpen()) return;
        e.preventDefault();
        a.step(e.key === 'ArrowDown' ? 1 : -1, e.shiftKey);
      } else if (e.key === 'Escape' && !mod && !e.altKey && !e.shiftKey) {
        // Esc first closes whatever is open (a dialog, a menu, the mention picker): only a bare Esc marks read
        if (e.defaultPrevented || dialogOpen()) return;
        a.markRead();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
};
