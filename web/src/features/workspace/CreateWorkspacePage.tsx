export const CreateWorkspacePage = () => <main className="page">CreateWorkspacePage</main>;
