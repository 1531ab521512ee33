// Every client route in one place (spec 1 §2).
export const MESSAGE_PARAM = 'message';

export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  /** Opened from the emailed link, `?token=…` (the gateway builds the link with the same path). */
  resetPassword: '/reset-password',
  signupPaymentSuccess: '/signup?payment=success',
  createWorkspace: '/create-workspace',
  tasks: '/tasks',
  mentions: '/mentions',
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  channel: (id: string) => `/channel/${id}`,
  /** The channel opened at one message (a search result); the screen drops the parameter once it has jumped. */
  channelAt: (id: string, messageId: string) => `/channel/${id}?${MESSAGE_PARAM}=${encodeURIComponent(messageId)}`,
  /** Route patterns for react-router. */
  patterns: { invite: '/invite/:token', channel: '/channel/:id' },
} as const;
