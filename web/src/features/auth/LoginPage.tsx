export const LoginPage = () => <main className="page">LoginPage</main>;
