import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { MarkdownContent } from './markdown.js';

const CHANNEL_ID = 'c0000000-0000-4000-8000-000000000007';

const show = (content: string) => {
  mockFetch({
    'GET /api/channels': {
      body: [
        {
          id: CHANNEL_ID,
          workspaceId: WORKSPACE_ID,
          name: 'design-reviews',
          description: null,
          sectionId: null,
          type: 'regular',
          participantIds: null,
          icon: 'Hash',
          order: 0,
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    },
  });
  return renderWithApp(<MarkdownContent content={content} />).container;
};

describe(MarkdownContent.name, () => {
  it('renders bold, italic, strike and inline code', () => {
    const c = show('**bold** _italic_ ~~gone~~ `npm test`');
    expect(c.querySelector('strong')).toHaveTextContent('bold');
    expect(c.querySelector('em')).toHaveTextContent('italic');
    expect(c.querySelector('del')).toHaveTextContent('gone');
    expect(c.querySelector('code')).toHaveTextContent('npm test');
  });

  it('highlights a fenced code block and offers to copy it', () => {
    const c = show('```js\nconst answer = 42;\n```');
    const code = c.querySelector('pre code')!;
    expect(code).toHaveTextContent('const answer = 42;');
    expect(code.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('autolinks URLs into a new tab that cannot reach this page', () => {
    show('see https://example.com/docs and [the guide](https://example.com/guide)');
    for (const name of ['https://example.com/docs', 'the guide']) {
      const a = screen.getByRole('link', { name });
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('keeps an HTML or script payload as text, and refuses javascript: links', () => {
    const c = show('<img src=x onerror=alert(1)> hi <script>alert(2)</script>\n\n[click](javascript:alert(3))');
    expect(c.querySelector('img, script')).toBeNull();
    expect(c).toHaveTextContent('<img src=x onerror=alert(1)> hi <script>alert(2)</script>');
    const link = screen.getByText('click').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('marks @mentions (not email addresses), links #channels the reader can see, and turns :shortcodes: into emoji', async () => {
    const c = show('thanks @ada.lovelace, mail ada@example.com :tada: in #design-reviews and #nowhere');
    expect(c.querySelector('[data-mention]')).toHaveTextContent('@ada.lovelace');
    expect(c.querySelectorAll('[data-mention]')).toHaveLength(1);
    expect(c).toHaveTextContent('🎉');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '#design-reviews' })).toHaveAttribute('href', `/channel/${CHANNEL_ID}`),
    );
    expect(c).toHaveTextContent('#nowhere');
    expect(screen.queryByRole('link', { name: '#nowhere' })).toBeNull();
  });

  it('renders lists and quotes but no headings or images', () => {
    const c = show('> quoted\n\n- one\n- two\n\n# Title\n\n![pic](https://example.com/p.png)');
    expect(c.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(c.querySelectorAll('li')).toHaveLength(2);
    expect(c.querySelector('h1, img')).toBeNull();
    expect(c).toHaveTextContent('Title');
  });
});

describe('group mentions', () => {
  it('shows @here, @channel and @everyone apart from a person', () => {
    const c = show('@here the build is red, @grace.hopper please look');
    const [group, person] = [...c.querySelectorAll('[data-mention]')];
    expect(group).toHaveTextContent('@here');
    expect(group).toHaveAttribute('data-mention', 'group');
    expect(person).toHaveTextContent('@grace.hopper');
    expect(person).toHaveAttribute('data-mention', 'person');
  });
});
