import { ErrorCodes, type DomainErrorPayload, type ErrorCode, type ValidationIssue } from '@teamchat/contracts';

/** An expected failure with a dotted code; crosses the bus intact and is mapped to HTTP only by the gateway. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toPayload(): DomainErrorPayload {
    return this.issues ? { code: this.code, message: this.message, issues: this.issues } : { code: this.code, message: this.message };
  }

  static fromPayload(payload: DomainErrorPayload): DomainError {
    return payload.code === ErrorCodes.busUnavailable
      ? new BusUnavailableError(payload.message)
      : new DomainError(payload.code, payload.message, payload.issues);
  }
}

/** The callee did not answer in time or could not be reached; the gateway answers 503. */
export class BusUnavailableError extends DomainError {
  constructor(detail = 'Service unavailable') {
    super(ErrorCodes.busUnavailable, detail);
    this.name = 'BusUnavailableError';
  }
}

const knownCodes = new Set<string>(Object.values(ErrorCodes));

export const isDomainErrorPayload = (value: unknown): value is DomainErrorPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { code?: unknown }).code === 'string' &&
  knownCodes.has((value as { code: string }).code) &&
  typeof (value as { message?: unknown }).message === 'string';
