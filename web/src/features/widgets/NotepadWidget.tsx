// Spec 2 §2 notepad: text kept in this browser only.
import { useState } from 'react';
import { StorageKeys, readLocal, writeLocal } from './storage-keys.js';
import styles from './NotepadWidget.module.css';

export const NotepadWidget = ({ rows }: { rows: number }) => {
  const [text, setText] = useState(() => readLocal(StorageKeys.notepad) ?? '');
  return (
    <textarea
      className={styles.notepad}
      aria-label="Notepad"
      placeholder="Jot something down..."
      rows={rows}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        writeLocal(StorageKeys.notepad, e.target.value);
      }}
    />
  );
};
