// Message text as a safe Markdown subset, rendered to React elements by react-markdown (never raw HTML: an HTML or
// script payload stays text). GitHub's flavour (remark-gfm) adds ~~strike~~, lists and autolinked URLs; fenced code
// is highlighted (rehype-highlight) with a copy button; @mentions, #channel links and :shortcode: emoji are found in
// the text. Links open in a new tab without handing it this page (noopener noreferrer).
import { useQuery } from '@tanstack/react-query';
import { nameToEmoji } from 'gemoji';
import { Check, Copy } from 'lucide-react';
import type { Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { findAndReplace } from 'mdast-util-find-and-replace';
import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { channelsQuery } from '../../api/channels.js';
import { ROUTES } from '../../routes.js';
import { MENTION_PATTERN } from './mention.js';

/** What a message may render: no images, headings, tables or raw HTML (their text is kept). */
const ALLOWED_ELEMENTS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'hr',
  'input',
];

const MENTION_URL = 'mention:';
const GROUP_MENTIONS = new Set(['here', 'channel', 'everyone']);
const CHANNEL_PATTERN = /(^|[^\w#&/])#([a-z0-9][a-z0-9_-]*)/gi;
const SHORTCODE_PATTERN = /:([a-z0-9_+-]+):/g;

const link = (url: string, text: string): PhrasingContent => ({
  type: 'link',
  url,
  children: [{ type: 'text', value: text }],
});

/** A remark plugin: @mentions, #channel names (of channels the reader can see) and :shortcodes: in plain text. */
const remarkChatTokens = (channels: ReadonlyMap<string, string>) => () => (tree: Root) => {
  findAndReplace(
    tree,
    [
      [SHORTCODE_PATTERN, (all: string, name: string) => nameToEmoji[name] ?? all],
      [
        new RegExp(MENTION_PATTERN.source, 'g'),
        (_all: string, before: string, mention: string) => [
          ...(before ? [{ type: 'text' as const, value: before }] : []),
          link(`${MENTION_URL}${mention.slice(1)}`, mention),
        ],
      ],
      [
        CHANNEL_PATTERN,
        (all: string, before: string, name: string) => {
          const id = channels.get(name.toLowerCase());
          if (!id) return all;
          return [...(before ? [{ type: 'text' as const, value: before }] : []), link(ROUTES.channel(id), `#${name}`)];
        },
      ],
    ],
    { ignore: ['link', 'linkReference', 'inlineCode', 'code'] },
  );
};

/** Raw HTML in a message is shown as the text it is, never interpreted (nor silently dropped). */
const remarkHtmlAsText = () => (tree: Root) => {
  const walk = (node: Parent, inline: boolean) => {
    node.children = node.children.map((child) => {
      if (child.type === 'html') {
        const text = { type: 'text' as const, value: child.value };
        return (inline ? text : { type: 'paragraph', children: [text] }) as RootContent;
      }
      if ('children' in child) walk(child, child.type === 'paragraph' || inline || child.type === 'heading');
      return child;
    }) as typeof node.children;
  };
  walk(tree, false);
};

/** Our own mention and channel addresses, and whatever react-markdown's default lets through (http, https, mailto…). */
const urlTransform = (url: string): string =>
  url.startsWith(MENTION_URL) || url.startsWith('/channel/') ? url : defaultUrlTransform(url);

const CodeBlock = ({ children }: { children?: ReactNode }) => {
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = () => {
    const text = pre.current?.innerText ?? '';
    void navigator.clipboard?.writeText(text).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <div className="tc-code">
      <pre ref={pre}>{children}</pre>
      <button type="button" className="tc-code__copy" onClick={copy} aria-label={copied ? 'Copied' : 'Copy code'}>
        {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
      </button>
    </div>
  );
};

const components: Components = {
  a: ({ href, children }) => {
    if (href?.startsWith(MENTION_URL)) {
      // @here, @channel and @everyone address a group, not a person: shown apart
      const group = GROUP_MENTIONS.has(href.slice(MENTION_URL.length).toLowerCase());
      return (
        <span
          className={group ? 'tc-mention tc-mention--group' : 'tc-mention'}
          data-mention={group ? 'group' : 'person'}
        >
          {children}
        </span>
      );
    }
    if (href?.startsWith('/channel/'))
      return (
        <Link className="tc-channel-link" to={href}>
          {children}
        </Link>
      );
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
};

export const MarkdownContent = memo(({ content }: { content: string }) => {
  const channels = useQuery(channelsQuery());
  const byName = useMemo(
    () => new Map((channels.data ?? []).map((c) => [c.name.toLowerCase(), c.id])),
    [channels.data],
  );
  const remarkPlugins = useMemo(() => [remarkGfm, remarkHtmlAsText, remarkChatTokens(byName)], [byName]);
  return (
    <div className="tc-message__content tc-markdown">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={[[rehypeHighlight, { detect: false }]]}
        allowedElements={ALLOWED_ELEMENTS}
        unwrapDisallowed
        urlTransform={urlTransform}
        components={components}
      >
        {content}
      </ReactMarkdown>
    </div>
  );
});
MarkdownContent.displayName = 'MarkdownContent';
