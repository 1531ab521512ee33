import { applyFormat, formatForKey } from './format-text.js';

describe('formatting the composer selection', () => {
  it('wraps the selection in the marker, and unwraps it the second time', () => {
    const once = applyFormat('make this bold', 10, 14, 'bold');
    expect(once).toEqual({ text: 'make this **bold**', selectionStart: 12, selectionEnd: 16 });
    expect(applyFormat(once.text, once.selectionStart, once.selectionEnd, 'bold')).toEqual({
      text: 'make this bold',
      selectionStart: 10,
      selectionEnd: 14,
    });
  });

  it('puts the caret between the markers when nothing is selected', () => {
    expect(applyFormat('say ', 4, 4, 'italic')).toEqual({ text: 'say __', selectionStart: 5, selectionEnd: 5 });
    expect(applyFormat('x', 1, 1, 'strike').text).toBe('x~~~~');
    expect(applyFormat('run', 0, 3, 'code').text).toBe('`run`');
  });

  it('fences a code block on its own lines', () => {
    expect(applyFormat('see\nnpm test', 4, 12, 'codeblock').text).toBe('see\n```\nnpm test\n```');
    expect(applyFormat('see: npm test', 5, 13, 'codeblock').text).toBe('see: \n```\nnpm test\n```');
  });

  it('quotes or lists every selected line, and takes the prefix off again', () => {
    const listed = applyFormat('milk\neggs', 0, 9, 'list');
    expect(listed.text).toBe('- milk\n- eggs');
    expect(applyFormat(listed.text, 0, listed.text.length, 'list').text).toBe('milk\neggs');
    expect(applyFormat('a\nb', 2, 2, 'quote').text).toBe('a\n> b');
  });

  it('maps Ctrl/Cmd-B, -I and -Shift-X', () => {
    const key = (
      k: string,
      mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }>,
    ) => formatForKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key('b', { ctrlKey: true })).toBe('bold');
    expect(key('i', { metaKey: true })).toBe('italic');
    expect(key('X', { ctrlKey: true, shiftKey: true })).toBe('strike');
    expect(key('b', {})).toBeNull();
    expect(key('x', { ctrlKey: true })).toBeNull();
  });
});
