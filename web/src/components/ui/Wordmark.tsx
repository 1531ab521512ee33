import { MessageSquareCode } from 'lucide-react';

export const Wordmark = ({ size = 'md' }: { size?: 'md' | 'lg' }) => (
  <span className={`wordmark wordmark--${size}`}>
    <MessageSquareCode className="wordmark__icon" aria-hidden />
    <span className="wordmark__text">TEAMCHAT</span>
  </span>
);
