// Every client route in one place (spec 1 §2).
export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  signupPaymentSuccess: '/signup?payment=success',
  createWorkspace: '/create-workspace',
  tasks: '/tasks',
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  channel: (id: string) => `/channel/${id}`,
  /** Route patterns for react-router. */
  patterns: { invite: '/invite/:token', channel: '/channel/:id' },
} as const;
