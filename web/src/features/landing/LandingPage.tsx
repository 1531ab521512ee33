// Public landing page: wordmark, hero with the tagline, the three feature cards, footer.
import { ArrowRight, ShieldCheck, Users, Zap } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/Button.js';
import { Wordmark } from '../../components/ui/Wordmark.js';
import { ROUTES } from '../../routes.js';

const FEATURES = [
  { title: 'Real-time', text: 'Instant messaging over a live socket.', Icon: Zap },
  { title: 'Secure', text: 'Encrypted channels and user authentication.', Icon: ShieldCheck },
  { title: 'Team-First', text: 'Channels, DMs, tasks, team recognition.', Icon: Users },
] as const;

export const LandingPage = () => {
  const navigate = useNavigate();
  return (
    <div className="landing">
      <header className="landing__header">
        <Wordmark />
        <Button variant="outline" onClick={() => navigate(ROUTES.login)}>
          Log In
        </Button>
      </header>

      <main className="landing__main">
        <section className="hero" aria-labelledby="hero-title">
          <p className="hero__eyebrow">// TEAM CHAT WORKSPACE</p>
          <h1 className="hero__title" id="hero-title">
            Talk Like It&apos;s <span className="hero__accent">Tomorrow.</span>
          </h1>
          <p className="hero__subtitle">Team chat that&apos;s fresh, fast, and fun.</p>
          <div className="hero__actions">
            <Button size="lg" onClick={() => navigate(ROUTES.signup)}>
              Get Started <ArrowRight size={18} aria-hidden />
            </Button>
            {/* Learn More is decorative by spec: it does nothing. */}
            <Button size="lg" variant="ghost">
              Learn More
            </Button>
          </div>
        </section>

        <section className="features" aria-label="Features">
          {FEATURES.map(({ title, text, Icon }) => (
            <article className="feature-card" key={title}>
              <span className="feature-card__icon" aria-hidden>
                <Icon size={22} />
              </span>
              <h2 className="feature-card__title">{title}</h2>
              <p className="feature-card__text">{text}</p>
            </article>
          ))}
        </section>
      </main>

      <footer className="landing__footer">
        <p>© {new Date().getFullYear()} TeamChat. All rights reserved.</p>
      </footer>
    </div>
  );
};
