export const LandingPage = () => <main className="page">LandingPage</main>;
