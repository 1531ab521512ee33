// Spec 2 §2 "SEARCH MESSAGES": 300 ms debounce, four states, results navigate to their channel and close the dialog.
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../routes.js';
import { Modal } from '../chat/ui.js';
import { SEARCH_FAILED, searchQuery } from './api.js';
import { useDebouncedValue } from './use-debounced-value.js';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_TEXTS = {
  title: 'SEARCH MESSAGES',
  placeholder: 'Search messages...',
  empty: 'ENTER A SEARCH QUERY',
  loading: 'SEARCHING...',
  none: 'NO RESULTS FOUND',
} as const;

const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};

export const SearchDialog = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [input, setInput] = useState('');
  const debounced = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const navigate = useNavigate();
  const results = useQuery(searchQuery(debounced));

  useEffect(() => {
    if (!open) setInput('');
  }, [open]);

  const typing = input.trim() !== debounced;
  let body;
  if (!input.trim()) body = <p className="tc-search__state">{SEARCH_TEXTS.empty}</p>;
  else if (typing || results.isFetching) body = <p className="tc-search__state">{SEARCH_TEXTS.loading}</p>;
  else if (results.isError) body = <p className="tc-search__state tc-search__state--error">{SEARCH_FAILED}</p>;
  else if (!results.data?.length) body = <p className="tc-search__state">{SEARCH_TEXTS.none}</p>;
  else {
    body = (
      <ul className="tc-search__results" aria-label="Search results">
        {results.data.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className="tc-search__result"
              onClick={() => {
                onOpenChange(false);
                void navigate(ROUTES.channel(r.channelId));
              }}
            >
              <span className="tc-search__meta">
                <span className="tc-search__channel">#{r.channelName}</span>
                <span className="tc-search__user">{r.username}</span>
                <span className="tc-search__date">{formatDate(r.createdAt)}</span>
              </span>
              <span className="tc-search__content">{r.content}</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={SEARCH_TEXTS.title} className="tc-search">
      <div className="tc-search__field">
        <Search size={16} aria-hidden="true" />
        <input
          className="input"
          placeholder={SEARCH_TEXTS.placeholder}
          aria-label="Search messages"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoFocus
        />
      </div>
      <div className="tc-search__body" aria-live="polite">
        {body}
      </div>
    </Modal>
  );
};
