// Markdown formatting applied to the composer's selection: the toolbar and Ctrl/Cmd-B, -I, -Shift-X.

export type FormatKind = 'bold' | 'italic' | 'strike' | 'code' | 'codeblock' | 'quote' | 'list';

export interface Edited {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

const INLINE: Partial<Record<FormatKind, string>> = { bold: '**', italic: '_', strike: '~~', code: '`' };

/**
 * Wraps the selection in the kind's marker (or unwraps it when it is already wrapped); with nothing selected the
 * caret lands between the markers. Block kinds prefix each selected line (`> `, `- `) or fence the selection.
 */
export const applyFormat = (text: string, start: number, end: number, kind: FormatKind): Edited => {
  const marker = INLINE[kind];
  if (marker) {
    const before = text.slice(0, start);
    const selected = text.slice(start, end);
    const after = text.slice(end);
    if (before.endsWith(marker) && after.startsWith(marker))
      return {
        text: before.slice(0, -marker.length) + selected + after.slice(marker.length),
        selectionStart: start - marker.length,
        selectionEnd: end - marker.length,
      };
    return {
      text: `${before}${marker}${selected}${marker}${after}`,
      selectionStart: start + marker.length,
      selectionEnd: end + marker.length,
    };
  }
  if (kind === 'codeblock') {
    const before = text.slice(0, start);
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    const opening = `${lead}\`\`\`\n`;
    const selected = text.slice(start, end);
    return {
      text: `${before}${opening}${selected}\n\`\`\`${text.slice(end)}`,
      selectionStart: start + opening.length,
      selectionEnd: start + opening.length + selected.length,
    };
  }
  // quote / list: every line the selection touches
  const prefix = kind === 'quote' ? '> ' : '- ';
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end);
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const all = lines.every((l) => l.startsWith(prefix));
  const changed = lines.map((l) => (all ? l.slice(prefix.length) : prefix + l)).join('\n');
  const shift = all ? -prefix.length : prefix.length;
  return {
    text: text.slice(0, lineStart) + changed + text.slice(lineEnd),
    selectionStart: Math.max(lineStart, start + shift),
    selectionEnd: end + changed.length - (lineEnd - lineStart),
  };
};

/** The format a key press asks for (Ctrl/Cmd-B, -I, -Shift-X), if any. */
export const formatForKey = (e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): FormatKind | null => {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (!e.shiftKey && key === 'b') return 'bold';
  if (!e.shiftKey && key === 'i') return 'italic';
  if (e.shiftKey && key === 'x') return 'strike';
  return null;
};
