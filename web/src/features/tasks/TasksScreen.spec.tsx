// The tasks screen against a scripted task list: tabs, groups, adding, toggling, deleting and their toasts.
import type { Task } from '@teamchat/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { TASK_TEXTS, TasksScreen } from './TasksScreen.js';

const me = aUser({ workspaceId: WORKSPACE_ID });
const task = (id: string, title: string, extra: Partial<Task> = {}): Task => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  title,
  completed: false,
  isTeam: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  ...extra,
});

describe(TasksScreen.name, () => {
  it('has the title, subtitle, both tabs and LOADING TASKS... while loading', () => {
    mockFetch({ 'GET /api/auth/user': { body: me }, 'GET /api/tasks': () => new Promise(() => undefined) });
    renderWithApp(<TasksScreen />);
    expect(screen.getByRole('heading', { name: '* TASKS' })).toBeInTheDocument();
    expect(screen.getByText('Track your mission objectives')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'PERSONAL TASKS' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'TEAM TASKS' })).toBeInTheDocument();
    expect(screen.getByText(TASK_TEXTS.loading)).toBeInTheDocument();
  });

  it('groups personal tasks into ACTIVE (n) and COMPLETED (n) and keeps team tasks on their tab', async () => {
    mockFetch({
      'GET /api/auth/user': { body: me },
      'GET /api/tasks': {
        body: [
          task('1', 'Write report'),
          task('2', 'File expenses', { completed: true }),
          task('3', 'Plan offsite', { isTeam: true }),
        ],
      },
    });
    renderWithApp(<TasksScreen />);
    expect(await screen.findByText('ACTIVE (1)')).toBeInTheDocument();
    expect(screen.getByText('COMPLETED (1)')).toBeInTheDocument();
    expect(screen.getByText('File expenses')).toBeInTheDocument();
    expect(screen.queryByText('Plan offsite')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Add new personal task...')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'TEAM TASKS' }));
    expect(await screen.findByText('Plan offsite')).toBeInTheDocument();
    expect(screen.getByText('ACTIVE (1)')).toBeInTheDocument();
    expect(screen.getByText('COMPLETED (0)')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Add new team task...')).toBeInTheDocument();
  });

  it('shows the empty texts of each tab', async () => {
    mockFetch({ 'GET /api/auth/user': { body: me }, 'GET /api/tasks': { body: [] } });
    renderWithApp(<TasksScreen />);
    expect(await screen.findByText('No personal tasks yet. Add your first task above.')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'TEAM TASKS' }));
    expect(await screen.findByText('No team tasks yet. Add your first team task above.')).toBeInTheDocument();
  });

  it('adds a team task from the team tab, clears the input and says "Task added"', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/user': { body: me },
      'GET /api/tasks': { body: [] },
      'POST /api/tasks': { body: task('4', 'Ship it', { isTeam: true }) },
    });
    renderWithApp(<TasksScreen />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'TEAM TASKS' }));
    const input = await screen.findByPlaceholderText('Add new team task...');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(input, { target: { value: '  Ship it  ' } });
    fireEvent.submit(input);
    expect(input).toHaveValue('');
    expect(await screen.findByText('Task added')).toBeInTheDocument();
    expect(screen.getByText('New task has been added to your list.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Ship it', completed: false, isTeam: true });
  });

  it('toggles completion with the checkbox and deletes with "Task removed"', async () => {
    const t = task('5', 'Review PR');
    const { calls } = mockFetch({
      'GET /api/auth/user': { body: me },
      'GET /api/tasks': { body: [t] },
      [`PATCH /api/tasks/${t.id}`]: { body: { ...t, completed: true } },
      [`DELETE /api/tasks/${t.id}`]: { status: 204 },
    });
    renderWithApp(<TasksScreen />);
    const row = await screen.findByTestId('task-row');
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(row).getByRole('button', { name: 'Delete task Review PR' }));
    expect(await screen.findByText('Task removed')).toBeInTheDocument();
    expect(screen.getByText('Task has been removed from your list.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ completed: true });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
