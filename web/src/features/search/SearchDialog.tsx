// Spec 2 §2 "SEARCH MESSAGES": 300 ms debounce, four states, results navigate to their channel and close the dialog.
// Filters typed in the box show as chips; people and channels are suggested while a from: or in: filter is typed;
// more results load 50 at a time; a result opens its channel at that message.
import type { Channel, PublicUser, SearchResult } from '@teamchat/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Hash, Search, User, UsersRound, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { channelsQuery, dmsQuery } from '../../api/channels.js';
import { usersQuery } from '../../api/users.js';
import { Button } from '../../components/ui/Button.js';
import { ChannelGlyph } from '../../components/ChannelIcon.js';
import { ROUTES } from '../../routes.js';
import { Modal } from '../chat/ui.js';
import { dmName, isGroupDm } from '../chat/dm-people.js';
import { authKeys } from '../../api/auth.js';
import { displayName, useNamePrefs, type NamePrefs } from '../../lib/display-name.js';
import { SEARCH_FAILED, SearchError, searchQuery } from './api.js';
import {
  completeToken,
  highlightPattern,
  markMatches,
  queryToSend,
  removeToken,
  searchChips,
  suggestionContext,
  type SuggestionContext,
} from './search-input.js';
import { useDebouncedValue } from './use-debounced-value.js';
import formStyles from '../../components/ui/form.module.css';
import styles from './SearchDialog.module.css';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_TEXTS = {
  title: 'SEARCH MESSAGES',
  placeholder: 'Search messages...',
  empty: 'ENTER A SEARCH QUERY',
  loading: 'SEARCHING...',
  none: 'NO RESULTS FOUND',
} as const;
export const MAX_SUGGESTIONS = 8;

const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};

/** "50 results", or "50+ results" while the server has more. */
export const resultCount = (count: number, more: boolean): string =>
  `${count}${more ? '+' : ''} result${count === 1 && !more ? '' : 's'}`;

interface Suggestion {
  id: string;
  kind: 'person' | 'channel';
  /** What replaces the filter being typed: `from:@grace`, `in:#general`, `in:@grace`. */
  completion: string;
  label: string;
  detail?: string;
}

const startsWith = (value: string | null | undefined, prefix: string): boolean =>
  !!value && value.toLowerCase().startsWith(prefix);

/** People for `from:` and `in:@`, channels for `in:#`, both for a bare `in:`, filtered by what was typed. */
const suggestionsFor = (
  context: SuggestionContext,
  users: readonly PublicUser[],
  channels: readonly Channel[],
  prefs: NamePrefs,
): Suggestion[] => {
  const wantsPeople = context.sigil !== '#';
  const wantsChannels = context.key === 'in' && context.sigil !== '@';
  const channelItems: Suggestion[] = wantsChannels
    ? channels
        // a name with a space cannot be written as one filter value
        .filter((c) => c.type === 'regular' && !/\s/.test(c.name) && startsWith(c.name, context.prefix))
        .map((c) => ({ id: c.id, kind: 'channel', completion: `in:#${c.name}`, label: `#${c.name}` }))
    : [];
  const peopleItems: Suggestion[] = wantsPeople
    ? users
        .filter((u) => startsWith(u.username, context.prefix) || startsWith(u.handle, context.prefix))
        .map((u) => ({
          id: u.id,
          kind: 'person',
          completion: `${context.key}:@${u.username}`,
          label: `@${u.username}`,
          detail: displayName(u, prefs) === u.username ? undefined : displayName(u, prefs),
        }))
    : [];
  return [...channelItems, ...peopleItems].slice(0, MAX_SUGGESTIONS);
};

const Highlighted = ({ content, pattern }: { content: string; pattern: RegExp | null }) => (
  <span className={styles.content} data-testid="search-result-content">
    {markMatches(content, pattern).map((part, i) =>
      part.marked ? (
        <mark key={i} className={styles.mark}>
          {part.text}
        </mark>
      ) : (
        part.text
      ),
    )}
  </span>
);

export const SearchDialog = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [input, setInput] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where the caret goes after the text was changed for the user (a completion, a removed chip). */
  const nextCaret = useRef<number | null>(null);
  const listboxId = useId();

  const query = queryToSend(input);
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const navigate = useNavigate();
  const results = useInfiniteQuery(searchQuery(debounced));

  const chips = useMemo(() => searchChips(input), [input]);
  const context = useMemo(() => suggestionContext(input, caret), [input, caret]);
  // the roster, asked for once a filter needs it or results name their authors and DMs' people (the shell no longer
  // loads it: search results carry usernames, not ids the by-id lookup could resolve)
  const hasResults = (results.data?.pages[0]?.results.length ?? 0) > 0;
  const users = useQuery({ ...usersQuery(), enabled: !!context || hasResults });
  const prefs = useNamePrefs();
  const channels = useQuery({ ...channelsQuery(), enabled: context?.key === 'in' });
  const suggestions = useMemo(
    () => (context ? suggestionsFor(context, users.data ?? [], channels.data ?? [], prefs) : []),
    [context, users.data, channels.data, prefs],
  );
  const listOpen = suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);

  useEffect(() => {
    if (!open) {
      setInput('');
      setCaret(0);
    }
  }, [open]);

  // a new filter, or more of it typed: the first suggestion is the one Enter takes
  useEffect(() => setActive(0), [context?.token.start, context?.prefix, context?.sigil]);

  useLayoutEffect(() => {
    if (nextCaret.current === null) return;
    inputRef.current?.focus();
    inputRef.current?.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  }, [input]);

  const edit = ({ text, caret: at }: { text: string; caret: number }) => {
    nextCaret.current = at;
    setInput(text);
    setCaret(at);
  };

  const complete = (suggestion: Suggestion) => {
    if (context) edit(completeToken(input, context.token, suggestion.completion));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!listOpen) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + suggestions.length) % suggestions.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      complete(suggestions[activeIndex]!);
    }
  };

  // the private channels among the user's own (the shell has them loaded): their results show the Lock
  const ownChannels = useQuery({ ...channelsQuery(), enabled: false });
  const privateIds = useMemo(
    () => new Set((ownChannels.data ?? []).filter((c) => c.visibility === 'private').map((c) => c.id)),
    [ownChannels.data],
  );
  // a DM's result is labelled by its people, never by its stored name; an author by their display name
  const dms = useQuery({ ...dmsQuery(), enabled: false });
  const me = useQuery<{ id: string }>({ queryKey: authKeys.user, enabled: false });
  const dmById = useMemo(() => new Map((dms.data ?? []).map((dm) => [dm.id, dm])), [dms.data]);
  const byUsername = useMemo(() => new Map((users.data ?? []).map((u) => [u.username, u])), [users.data]);
  const place = (r: SearchResult) => {
    const dm = dmById.get(r.channelId);
    if (dm) {
      const name = dmName(dm, me.data?.id, users.data ?? [], prefs);
      return { glyph: isGroupDm(dm) ? <UsersRound size={12} aria-hidden="true" /> : '@', name, label: `DM: ${name}` };
    }
    const glyph = privateIds.has(r.channelId) ? (
      <ChannelGlyph channel={{ icon: 'Lock', visibility: 'private' }} size={12} />
    ) : (
      '#'
    );
    return { glyph, name: r.channelName, label: undefined };
  };
  const found = useMemo(() => {
    const seen = new Set<string>();
    const list: SearchResult[] = [];
    for (const page of results.data?.pages ?? []) {
      for (const r of page.results) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        list.push(r);
      }
    }
    return list;
  }, [results.data]);
  const pattern = useMemo(() => highlightPattern(debounced), [debounced]);
  const failure = results.error instanceof SearchError ? results.error.reason : null;

  const typing = query !== debounced;
  let body;
  if (!query) body = <p className={styles.state}>{SEARCH_TEXTS.empty}</p>;
  else if (typing || (results.isFetching && !results.isFetchingNextPage)) {
    body = <p className={styles.state}>{SEARCH_TEXTS.loading}</p>;
  } else if (results.isError && !results.isFetchNextPageError) {
    body = (
      <div className={`${styles.state} ${styles.stateError}`} role="alert">
        <p>{SEARCH_FAILED}</p>
        {failure ? <p className={styles.reason}>{failure}</p> : null}
      </div>
    );
  } else if (!found.length) body = <p className={styles.state}>{SEARCH_TEXTS.none}</p>;
  else {
    body = (
      <>
        <p className={styles.count}>{resultCount(found.length, !!results.hasNextPage)}</p>
        <ul className={styles.results} aria-label="Search results">
          {found.map((r) => {
            const where = place(r);
            return (
              <li key={r.id}>
                <button
                  type="button"
                  className={styles.result}
                  onClick={() => {
                    onOpenChange(false);
                    void navigate(ROUTES.channelAt(r.channelId, r.id));
                  }}
                >
                  <span className={styles.meta}>
                    <span className={styles.channel} aria-label={where.label} data-testid="search-result-place">
                      {where.glyph}
                      {where.name}
                    </span>
                    <span className={styles.user}>{displayName(byUsername.get(r.username), prefs, r.username)}</span>
                    <span className={styles.date}>{formatDate(r.createdAt)}</span>
                  </span>
                  <Highlighted content={r.content ?? ''} pattern={pattern} />
                </button>
              </li>
            );
          })}
        </ul>
        {results.isFetchNextPageError ? (
          <p className={styles.moreError} role="alert">
            {SEARCH_FAILED}
          </p>
        ) : null}
        {results.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className={styles.more}
            loading={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </>
    );
  }

  const optionId = (i: number) => `${listboxId}-option-${i}`;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={SEARCH_TEXTS.title} className={styles.search}>
      <div className={styles.box}>
        <div className={styles.field}>
          <Search size={16} aria-hidden="true" />
          <input
            ref={inputRef}
            className={`${formStyles.input} ${styles.input}`}
            placeholder={SEARCH_TEXTS.placeholder}
            aria-label="Search messages"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listOpen}
            aria-controls={listOpen ? listboxId : undefined}
            aria-activedescendant={listOpen ? optionId(activeIndex) : undefined}
            value={input}
            onChange={(e) => {
              setInput(e.target.value);
              setCaret(e.target.selectionStart ?? e.target.value.length);
            }}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
        </div>
        {listOpen ? (
          <ul className={styles.suggestions} role="listbox" id={listboxId} aria-label="Suggestions">
            {suggestions.map((s, i) => (
              <li
                key={`${s.kind}:${s.id}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={styles.suggestion}
                // keeps the focus (and the caret) in the input
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => complete(s)}
              >
                {s.kind === 'channel' ? <Hash size={14} aria-hidden="true" /> : <User size={14} aria-hidden="true" />}
                <span className={styles.suggestionLabel}>{s.label}</span>
                {s.detail ? <span className={styles.suggestionDetail}>{s.detail}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {chips.length ? (
        <ul className={styles.chips} aria-label="Filters">
          {chips.map((chip) => (
            <li
              key={`${chip.token.start}:${chip.typed}`}
              className={[styles.chip, chip.token.kind === 'exclude' ? styles.chipExclude : '']
                .filter(Boolean)
                .join(' ')}
            >
              <span>{chip.label}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove filter ${chip.typed}`}
                title={`Remove filter ${chip.typed}`}
                onClick={() => edit(removeToken(input, chip.token))}
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.body} aria-live="polite">
        {body}
      </div>
    </Modal>
  );
};
