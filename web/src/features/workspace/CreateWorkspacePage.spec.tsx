import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { CreateWorkspacePage } from './CreateWorkspacePage.js';

describe(CreateWorkspacePage.name, () => {
  it('has only a name field and refuses an empty or too long name', async () => {
    mockFetch({ 'GET /api/auth/user': { body: aUser({ paymentCompleted: true }) } });
    renderWithApp(<CreateWorkspacePage />, { route: '/' });
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Workspace name is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Workspace name'), { target: { value: 'n'.repeat(101) } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Name too long')).toBeInTheDocument();
  });

  it('sends only the name, says "Workspace Created" and goes to /', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/user': { body: aUser({ paymentCompleted: true }) },
      'POST /api/workspaces': { status: 201, body: { id: WORKSPACE_ID, name: 'Acme', profileImageUrl: null } },
    });
    renderWithApp(<CreateWorkspacePage />, { route: '/create-workspace' });
    await userEvent.type(screen.getByLabelText('Workspace name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Workspace Created')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/workspaces')?.body).toEqual({ name: 'Acme' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('says "Failed to create workspace" when the server refuses', async () => {
    mockFetch({ 'POST /api/workspaces': { status: 403, body: { error: 'Payment required' } } });
    renderWithApp(<CreateWorkspacePage />, { route: '/' });
    await userEvent.type(screen.getByLabelText('Workspace name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Failed to create workspace')).toBeInTheDocument();
  });
});
