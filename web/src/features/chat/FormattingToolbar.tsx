// The composer's formatting buttons (Markdown, rendered by markdown.tsx); shortcuts in their titles.
import { Bold, Code, Italic, List, Quote, SquareCode, Strikethrough } from 'lucide-react';
import type { FormatKind } from './format-text.js';
import styles from './FormattingToolbar.module.css';

const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

const BUTTONS: { kind: FormatKind; label: string; icon: typeof Bold }[] = [
  { kind: 'bold', label: `Bold (${mod}+B)`, icon: Bold },
  { kind: 'italic', label: `Italic (${mod}+I)`, icon: Italic },
  { kind: 'strike', label: `Strikethrough (${mod}+Shift+X)`, icon: Strikethrough },
  { kind: 'code', label: 'Code', icon: Code },
  { kind: 'codeblock', label: 'Code block', icon: SquareCode },
  { kind: 'quote', label: 'Quote', icon: Quote },
  { kind: 'list', label: 'Bulleted list', icon: List },
];

export const FormattingToolbar = ({
  onFormat,
  disabled,
}: {
  onFormat: (kind: FormatKind) => void;
  disabled: boolean;
}) => (
  <div className={styles.bar} role="toolbar" aria-label="Formatting">
    {BUTTONS.map(({ kind, label, icon: Icon }) => (
      <button
        key={kind}
        type="button"
        className={styles.button}
        aria-label={label}
        title={label}
        disabled={disabled}
        // keep the textarea's selection: the button must not take the focus on press
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onFormat(kind)}
      >
        <Icon size={15} aria-hidden="true" />
      </button>
    ))}
  </div>
);
