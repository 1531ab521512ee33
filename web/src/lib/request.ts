// The errors of spec 1 §7/§8's request convention (`<status>: <body>`), with the gateway's error body read once.
// Requests themselves go through the typed client (api-client.ts) or the default query function.

/** One field's problem in a 400 answer. */
export interface ApiIssue {
  path: string;
  message: string;
}

/**
 * An answer that is not ok. Its message keeps the spec's `<status>: <body text or status text>` form; the parts of
 * the gateway's error body (`{error, code, issues}`) are read once, here.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    /** The server's own words (`error` of its JSON body), or undefined for an empty, HTML or unreadable body. */
    readonly serverMessage: string | undefined,
    readonly code: string | undefined,
    readonly issues: readonly ApiIssue[],
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  static fromBody(status: number, body: string): ApiError {
    const parsed = parseErrorBody(body);
    return new ApiError(status, body, parsed.message, parsed.code, parsed.issues);
  }
}

const parseErrorBody = (body: string): { message?: string; code?: string; issues: ApiIssue[] } => {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== 'object') return { issues: [] };
    const { error, message, code, issues } = parsed as Record<string, unknown>;
    const text =
      typeof error === 'string' && error ? error : typeof message === 'string' && message ? message : undefined;
    return {
      message: text,
      code: typeof code === 'string' ? code : undefined,
      issues: Array.isArray(issues) ? issues.filter(isIssue) : [],
    };
  } catch {
    return { issues: [] };
  }
};

const isIssue = (value: unknown): value is ApiIssue =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as ApiIssue).path === 'string' &&
  typeof (value as ApiIssue).message === 'string';

/** The spec's error (`<status>: <body text or status text>`) of a response that is not ok (its body read). */
export const errorOf = async (res: Response): Promise<ApiError> =>
  ApiError.fromBody(res.status, (await res.text().catch(() => '')) || res.statusText);

/** Raises the spec's error (`<status>: <body text or status text>`) for a response that is not ok. */
export const throwIfResNotOk = async (res: Response): Promise<void> => {
  if (res.ok) return;
  throw await errorOf(res);
};

/**
 * The server's own words for an error raised by `throwIfResNotOk`: the `error` (or `message`) field of its JSON
 * body. Anything else (an empty body, a proxy's HTML page, a network failure) gives the caller's fallback.
 */
export const errorMessage = (err: unknown, fallback: string): string =>
  (err instanceof ApiError ? err.serverMessage : undefined) ?? fallback;

/** The HTTP status of an error raised by `throwIfResNotOk`, or undefined for other errors. */
export const errorStatus = (err: unknown): number | undefined => (err instanceof ApiError ? err.status : undefined);
