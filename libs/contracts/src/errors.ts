// Domain error codes shared by every service; only the gateway maps them to HTTP statuses.
export const ErrorCodes = {
  validation: 'VALIDATION.FAILED',
  unsupportedMediaType: 'VALIDATION.UNSUPPORTED_MEDIA_TYPE',
  /** A route or resource that does not exist, where no domain code says more. */
  notFound: 'NOT_FOUND',
  headersTooLarge: 'HTTP.HEADERS_TOO_LARGE',
  unauthenticated: 'AUTH.UNAUTHENTICATED',
  forbidden: 'AUTH.FORBIDDEN',
  badOrigin: 'AUTH.BAD_ORIGIN',
  rateLimited: 'AUTH.RATE_LIMITED',
  invalidCredentials: 'IDENTITY.INVALID_CREDENTIALS',
  emailTaken: 'IDENTITY.EMAIL_TAKEN',
  wrongPassword: 'IDENTITY.WRONG_PASSWORD',
  resetTokenInvalid: 'IDENTITY.RESET_TOKEN_INVALID',
  handleTaken: 'IDENTITY.HANDLE_TAKEN',
  userNotFound: 'IDENTITY.USER_NOT_FOUND',
  workspaceNotFound: 'WORKSPACE.NOT_FOUND',
  noWorkspace: 'WORKSPACE.NONE',
  notAdmin: 'WORKSPACE.NOT_ADMIN',
  ownAdminStatus: 'WORKSPACE.OWN_ADMIN_STATUS',
  removeSelf: 'WORKSPACE.REMOVE_SELF',
  /** The change would leave the workspace without an admin (two admins demoting or removing each other at once). */
  lastAdmin: 'WORKSPACE.LAST_ADMIN',
  memberNotFound: 'WORKSPACE.MEMBER_NOT_FOUND',
  inviteNotFound: 'WORKSPACE.INVITE_NOT_FOUND',
  inviteUsed: 'WORKSPACE.INVITE_USED',
  alreadyMember: 'WORKSPACE.ALREADY_MEMBER',
  noSeats: 'BILLING.NO_SEATS',
  cardDeclined: 'BILLING.CARD_DECLINED',
  paymentNotFound: 'BILLING.PAYMENT_NOT_FOUND',
  subscriptionNotFound: 'BILLING.SUBSCRIPTION_NOT_FOUND',
  stripeError: 'BILLING.PROVIDER_ERROR',
  webhookSignature: 'BILLING.WEBHOOK_SIGNATURE',
  subscriptionCanceled: 'BILLING.SUBSCRIPTION_CANCELED',
  /** The workspace's trial ended or its subscription lapsed: reading works, writing waits for payment. */
  workspaceReadOnly: 'BILLING.WORKSPACE_READ_ONLY',
  /** The workspace's subscription is in good standing: there is nothing to pay. */
  alreadyPaid: 'BILLING.ALREADY_PAID',
  sectionNotFound: 'CHAT.SECTION_NOT_FOUND',
  sectionNotEmpty: 'CHAT.SECTION_NOT_EMPTY',
  channelNotFound: 'CHAT.CHANNEL_NOT_FOUND',
  channelNameTaken: 'CHAT.CHANNEL_NAME_TAKEN',
  channelIsDirect: 'CHAT.CHANNEL_IS_DIRECT',
  /** The channel is archived (read-only), or already archived when asked to archive it. */
  channelArchived: 'CHAT.CHANNEL_ARCHIVED',
  /** Unarchiving a channel that is not archived. */
  channelNotArchived: 'CHAT.CHANNEL_NOT_ARCHIVED',
  /** The change would leave a channel without members. */
  channelLastMember: 'CHAT.CHANNEL_LAST_MEMBER',
  /** Converting a channel that is private already. */
  channelAlreadyPrivate: 'CHAT.CHANNEL_ALREADY_PRIVATE',
  messageNotFound: 'CHAT.MESSAGE_NOT_FOUND',
  reactionNotFound: 'CHAT.REACTION_NOT_FOUND',
  reactionNameTaken: 'CHAT.REACTION_NAME_TAKEN',
  tooManyReactions: 'CHAT.TOO_MANY_REACTIONS',
  taskNotFound: 'TASKS.NOT_FOUND',
  uploadInvalid: 'MEDIA.UPLOAD_INVALID',
  uploadTooLarge: 'MEDIA.UPLOAD_TOO_LARGE',
  uploadExpired: 'MEDIA.UPLOAD_EXPIRED',
  uploadSignature: 'MEDIA.SIGNATURE_INVALID',
  objectNotFound: 'MEDIA.NOT_FOUND',
  /** A request with the same Idempotency-Key is still being handled. */
  idempotencyInProgress: 'IDEMPOTENCY.IN_PROGRESS',
  /** The Idempotency-Key came before with a different request. */
  idempotencyKeyReused: 'IDEMPOTENCY.KEY_REUSED',
  /** One workspace (or user) has more requests running and waiting at a service than it may. */
  tenantBusy: 'BUS.TENANT_BUSY',
  busUnavailable: 'BUS.UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export interface ValidationIssue {
  path: string;
  message: string;
}

/** The shape a domain error has on the wire (bus replies) and, with `error`, in HTTP bodies. */
export interface DomainErrorPayload {
  code: ErrorCode;
  message: string;
  issues?: ValidationIssue[];
}

/** HTTP error body: `{ error, code, issues? }`. */
export interface HttpErrorBody {
  error: string;
  code: ErrorCode;
  issues?: ValidationIssue[];
}
