// Ctrl/Cmd-/: the keyboard shortcuts of the signed-in screens.
import { Dialog } from '../../components/ui/Dialog.js';
import styles from './ShortcutsDialog.module.css';

const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

export const SHORTCUTS: readonly { keys: string[]; what: string }[] = [
  { keys: [mod, 'K'], what: 'Jump to a channel, conversation or person' },
  { keys: ['Alt', '↑'], what: 'Previous channel or conversation' },
  { keys: ['Alt', '↓'], what: 'Next channel or conversation' },
  { keys: ['Alt', 'Shift', '↑'], what: 'Previous unread' },
  { keys: ['Alt', 'Shift', '↓'], what: 'Next unread' },
  { keys: ['Esc'], what: 'Mark the open channel read' },
  { keys: [mod, '/'], what: 'Show these shortcuts' },
];

export const ShortcutsDialog = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => (
  <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
    <dl className={styles.shortcuts}>
      {SHORTCUTS.map((s) => (
        <div key={s.what} className={styles.row}>
          <dt>
            {s.keys.map((k, i) => (
              <span key={k}>
                {i > 0 ? ' + ' : null}
                <kbd>{k}</kbd>
              </span>
            ))}
          </dt>
          <dd>{s.what}</dd>
        </div>
      ))}
    </dl>
  </Dialog>
);
