// Spec 2 §2 tasks screen: personal and team tabs, each with ACTIVE (n) and COMPLETED (n) groups.
import * as Checkbox from '@radix-ui/react-checkbox';
import * as Tabs from '@radix-ui/react-tabs';
import type { Task } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, LogOut, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { authUserQuery, logout } from '../../api/auth.js';
import { notify } from '../../lib/toast.js';
import { Avatar, IconButton } from '../chat/ui.js';
import { LazySettingsDialog } from '../settings/LazySettingsDialog.js';
import { createTask, deleteTask, isTeamTask, setTaskCompleted, taskKeys, tasksQuery } from './api.js';
import switchStyles from '../../components/ui/switch.module.css';
import noteStyles from '../../components/ui/note.module.css';
import channelHeaderStyles from '../chat/ChannelHeader.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import tabsStyles from '../../components/ui/tabs.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './TasksScreen.module.css';

type TaskTab = 'personal' | 'team';

export const TASK_TEXTS = {
  title: '* TASKS',
  subtitle: 'Track your mission objectives',
  loading: 'LOADING TASKS...',
  placeholder: { personal: 'Add new personal task...', team: 'Add new team task...' },
  empty: {
    personal: 'No personal tasks yet. Add your first task above.',
    team: 'No team tasks yet. Add your first team task above.',
  },
  tabs: { personal: 'PERSONAL TASKS', team: 'TEAM TASKS' },
} as const;

const TaskRow = ({ task }: { task: Task }) => {
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: (completed: boolean) => setTaskCompleted(task.id, completed),
    onSettled: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
  const remove = useMutation({
    mutationFn: () => deleteTask(task.id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: taskKeys.all });
      notify.success('Task removed', 'Task has been removed from your list.');
    },
  });
  const checkboxId = `task-${task.id}`;
  return (
    <li
      className={[styles.task, task.completed ? styles.isCompleted : ''].filter(Boolean).join(' ')}
      data-testid="task-row"
    >
      <Checkbox.Root
        id={checkboxId}
        className={switchStyles.checkbox}
        checked={task.completed}
        onCheckedChange={(checked) => toggle.mutate(checked === true)}
      >
        <Checkbox.Indicator>
          <Check size={12} />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={checkboxId} className={styles.title}>
        {task.title}
      </label>
      <IconButton
        label={`Delete task ${task.title}`}
        className={styles.delete}
        onClick={() => remove.mutate()}
        disabled={remove.isPending}
      >
        <Trash2 size={14} />
      </IconButton>
    </li>
  );
};

const TaskGroups = ({ tasks, tab }: { tasks: Task[]; tab: TaskTab }) => {
  if (tasks.length === 0) return <p className={noteStyles.note}>{TASK_TEXTS.empty[tab]}</p>;
  const active = tasks.filter((t) => !t.completed);
  const completed = tasks.filter((t) => t.completed);
  return (
    <div className={styles.groups}>
      <section aria-label="Active tasks">
        <h3 className={styles.groupTitle}>ACTIVE ({active.length})</h3>
        <ul className={styles.list}>
          {active.map((t) => (
            <TaskRow key={t.id} task={t} />
          ))}
        </ul>
      </section>
      <section aria-label="Completed tasks">
        <h3 className={styles.groupTitle}>COMPLETED ({completed.length})</h3>
        <ul className={styles.list}>
          {completed.map((t) => (
            <TaskRow key={t.id} task={t} />
          ))}
        </ul>
      </section>
    </div>
  );
};

export const TasksScreen = () => {
  const qc = useQueryClient();
  const { data: user } = useQuery(authUserQuery());
  const tasks = useQuery(tasksQuery());
  const [tab, setTab] = useState<TaskTab>('personal');
  const [title, setTitle] = useState('');
  const [profileOpen, setProfileOpen] = useState(false);

  const add = useMutation({
    mutationFn: ({ text, isTeam }: { text: string; isTeam: boolean }) => createTask(text, isTeam),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: taskKeys.all });
      notify.success('Task added', 'New task has been added to your list.');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (!text) return;
    add.mutate({ text, isTeam: tab === 'team' });
    setTitle('');
  };

  const all = tasks.data ?? [];
  const byTab: Record<TaskTab, Task[]> = {
    personal: all.filter((t) => !isTeamTask(t)),
    team: all.filter(isTeamTask),
  };

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.headerTitle}>{TASK_TEXTS.title}</h1>
          <p className={styles.headerSubtitle}>{TASK_TEXTS.subtitle}</p>
        </div>
        <div className={channelHeaderStyles.actions}>
          {user ? (
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.sm} ${channelHeaderStyles.profileButton}`}
              aria-label="Update profile"
              title="Update profile"
              onClick={() => setProfileOpen(true)}
            >
              <Avatar name={user.username} src={user.profileImageUrl} size={26} />
            </button>
          ) : null}
          <IconButton label="Log out" onClick={logout}>
            <LogOut size={18} />
          </IconButton>
        </div>
      </header>
      <Tabs.Root className={styles.tasks} value={tab} onValueChange={(v) => setTab(v as TaskTab)}>
        <Tabs.List className={tabsStyles.tabs} aria-label="Task lists">
          <Tabs.Trigger className={tabsStyles.tab} value="personal">
            {TASK_TEXTS.tabs.personal}
          </Tabs.Trigger>
          <Tabs.Trigger className={tabsStyles.tab} value="team">
            {TASK_TEXTS.tabs.team}
          </Tabs.Trigger>
        </Tabs.List>
        <form className={styles.form} onSubmit={submit}>
          <input
            className={`${formStyles.input} ${styles.input}`}
            placeholder={TASK_TEXTS.placeholder[tab]}
            aria-label={TASK_TEXTS.placeholder[tab]}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={500}
          />
          <button
            type="submit"
            className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
            aria-label="Add task"
          >
            <Plus size={16} aria-hidden="true" /> Add
          </button>
        </form>
        {(['personal', 'team'] as const).map((t) => (
          <Tabs.Content key={t} value={t}>
            {tasks.isPending ? (
              <p className={noteStyles.note}>{TASK_TEXTS.loading}</p>
            ) : tasks.isError ? (
              <p className={`${noteStyles.note} ${noteStyles.error}`}>Failed to load tasks.</p>
            ) : (
              <TaskGroups tasks={byTab[t]} tab={t} />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {user ? (
        <LazySettingsDialog open={profileOpen} onOpenChange={setProfileOpen} initialTab="profile" user={user} />
      ) : null}
    </div>
  );
};
