// The one request convention of spec 1 §7/§8: JSON bodies, credentials always, `status: body` errors.

/** Raises the spec's error (`<status>: <body text or status text>`) for a response that is not ok. */
export const throwIfResNotOk = async (res: Response): Promise<void> => {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends one API call; resolves with the (ok) response so callers decide how to read it. */
export const apiRequest = async (method: HttpMethod, url: string, body?: unknown): Promise<Response> => {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
};

/** `apiRequest` + JSON body; an empty 204/200 body reads as undefined. */
export const apiJson = async <T>(method: HttpMethod, url: string, body?: unknown): Promise<T> => {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

/**
 * The server's own words for an error raised by `throwIfResNotOk`: the `error` (or `message`) field of its JSON
 * body. Anything else (an empty body, a proxy's HTML page, a network failure) gives the caller's fallback.
 */
export const errorMessage = (err: unknown, fallback: string): string => {
  if (!(err instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return fallback;
  try {
    const parsed = JSON.parse(match[1]!) as { error?: unknown; message?: unknown };
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: fall through to the fallback
  }
  return fallback;
};

/** The HTTP status of an error raised by `throwIfResNotOk`, or undefined for other errors. */
export const errorStatus = (err: unknown): number | undefined => {
  if (!(err instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(err.message);
  return match ? Number(match[1]) : undefined;
};
