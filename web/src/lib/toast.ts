// Toasts of spec 1 §8: one visible at a time, 5000 ms each, a title plus an optional description.
import { toast } from 'sonner';

export const TOAST_DURATION_MS = 5000;
export const TOAST_VISIBLE = 1;

const show = (kind: 'success' | 'error', title: string, description?: string) => {
  // Only one toast is visible; dropping the queue keeps the newest message on screen instead of a stale one.
  toast.dismiss();
  toast[kind](title, description ? { description } : undefined);
};

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
};
