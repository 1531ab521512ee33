// Public landing page: wordmark, hero with the tagline, the three feature cards, footer.
import { ArrowRight, ShieldCheck, Users, Zap } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/Button.js';
import { Wordmark } from '../../components/ui/Wordmark.js';
import { ROUTES } from '../../routes.js';
import styles from './LandingPage.module.css';

const FEATURES = [
  { title: 'Real-time', text: 'Instant messaging over a live socket.', Icon: Zap },
  { title: 'Secure', text: 'Encrypted channels and user authentication.', Icon: ShieldCheck },
  { title: 'Team-First', text: 'Channels, DMs, tasks, team recognition.', Icon: Users },
] as const;

export const LandingPage = () => {
  const navigate = useNavigate();
  return (
    <div className={styles.landing}>
      <header className={styles.header}>
        <Wordmark />
        <Button variant="outline" onClick={() => navigate(ROUTES.login)}>
          Log In
        </Button>
      </header>

      <main className={styles.main}>
        <section className={styles.hero} aria-labelledby="hero-title">
          <p className={styles.heroEyebrow}>// TEAM CHAT WORKSPACE</p>
          <h1 className={styles.heroTitle} id="hero-title">
            Talk Like It&apos;s <span className={styles.heroAccent}>Tomorrow.</span>
          </h1>
          <p className={styles.heroSubtitle}>Team chat that&apos;s fresh, fast, and fun.</p>
          <div className={styles.heroActions}>
            <Button size="lg" onClick={() => navigate(ROUTES.signup)}>
              Get Started <ArrowRight size={18} aria-hidden />
            </Button>
            {/* Learn More is decorative by spec: it does nothing, so it reads as a quiet secondary link. */}
            <Button size="lg" variant="ghost" className={styles.learnMore}>
              Learn More
            </Button>
          </div>
        </section>

        <section className={styles.features} aria-label="Features">
          {FEATURES.map(({ title, text, Icon }) => (
            <article className={styles.card} key={title}>
              <span className={styles.cardIcon} aria-hidden>
                <Icon size={22} />
              </span>
              <h2 className={styles.cardTitle}>{title}</h2>
              <p className={styles.cardText}>{text}</p>
            </article>
          ))}
        </section>
      </main>

      <footer className={styles.footer}>
        <p>© {new Date().getFullYear()} TeamChat. All rights reserved.</p>
      </footer>
    </div>
  );
};
