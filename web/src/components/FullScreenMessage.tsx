import styles from './FullScreenMessage.module.css';
export const FullScreenMessage = ({ text, children }: { text: string; children?: React.ReactNode }) => (
  <div className={styles.message} role="status" aria-live="polite">
    <span className={styles.text}>{text}</span>
    {children}
  </div>
);
