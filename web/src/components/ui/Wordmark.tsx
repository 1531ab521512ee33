import { MessageSquareCode } from 'lucide-react';
import styles from './Wordmark.module.css';

export const Wordmark = ({ size = 'md' }: { size?: 'md' | 'lg' }) => (
  <span className={`${styles.wordmark} ${styles[size]}`}>
    <MessageSquareCode className={styles.icon} aria-hidden />
    <span>TEAMCHAT</span>
  </span>
);
