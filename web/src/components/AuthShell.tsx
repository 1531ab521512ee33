// Frame shared by login, signup, invitation and create-workspace: back button, wordmark, centred card.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../routes.js';
import { Button } from './ui/Button.js';
import { Wordmark } from './ui/Wordmark.js';
import styles from './AuthShell.module.css';

interface AuthShellProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  above?: ReactNode;
  backToHome?: boolean;
  wide?: boolean;
}

export const AuthShell = ({ title, subtitle, children, footer, above, backToHome = true, wide }: AuthShellProps) => {
  const navigate = useNavigate();
  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        {backToHome ? (
          <Button variant="ghost" size="sm" onClick={() => navigate(ROUTES.home)}>
            <ArrowLeft size={16} aria-hidden /> Back to Home
          </Button>
        ) : (
          <span />
        )}
        <Wordmark />
      </header>
      <main className={[styles.card, wide ? styles.cardWide : ''].filter(Boolean).join(' ')}>
        {above}
        <div className={styles.cardHeading}>
          <h1 className={styles.cardTitle}>{title}</h1>
          {subtitle ? <p className={styles.cardSubtitle}>{subtitle}</p> : null}
        </div>
        {children}
        {footer ? <div className={styles.cardFooter}>{footer}</div> : null}
      </main>
    </div>
  );
};
