// Placeholder until the tasks screen lands; replaced by the tasks feature.
export const TasksScreen = () => <div className="content-placeholder">* TASKS</div>;
