export const SignupPage = () => <main className="page">SignupPage</main>;
