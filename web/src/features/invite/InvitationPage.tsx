export const InvitationPage = () => <main className="page">InvitationPage</main>;
