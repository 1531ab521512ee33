// Frame shared by login, signup, invitation and create-workspace: back button, wordmark, centred card.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../routes.js';
import { Button } from './ui/Button.js';
import { Wordmark } from './ui/Wordmark.js';

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
    <div className="auth-shell">
      <header className="auth-shell__top">
        {backToHome ? (
          <Button variant="ghost" size="sm" onClick={() => navigate(ROUTES.home)}>
            <ArrowLeft size={16} aria-hidden /> Back to Home
          </Button>
        ) : (
          <span />
        )}
        <Wordmark />
      </header>
      <main className={['auth-card', wide ? 'auth-card--wide' : ''].filter(Boolean).join(' ')}>
        {above}
        <div className="auth-card__heading">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        </div>
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </main>
    </div>
  );
};
