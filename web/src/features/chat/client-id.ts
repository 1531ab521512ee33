// Ids for outgoing messages; randomUUID needs a secure context, so plain-http deployments fall back to random bytes.
export const newClientMsgId = (): string => {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};
