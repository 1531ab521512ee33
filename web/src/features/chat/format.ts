// Display helpers of the message list.

/** Spec 2 §9: timestamps are 24-hour HH:MM:SS in the viewer's local time. */
export const formatTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};
