// Tasks, billing, uploads, stored objects and the system routes (spec 1 §2/§4/§7, spec 2 §2/§7/§9).
import { z } from 'zod';
import { BILLING_PROVIDER_TIMEOUT_MS, BillingContracts } from '../../bus/billing.contracts.js';
import { StoredObjectSchema } from '../../bus/media.contracts.js';
import { TasksContracts } from '../../bus/tasks.contracts.js';
import { ErrorCodes } from '../../errors.js';
import {
  BillingConfigSchema,
  CreateSignupSubscriptionResponseSchema,
  CreateSignupSubscriptionSchema,
  LocalConfirmResponseSchema,
  LocalConfirmSchema,
  PurchaseSeatsResponseSchema,
  PurchaseSeatsSchema,
  StripeWebhookResponseSchema,
  SubscriptionDetailsSchema,
  VerifyPaymentStatusResponseSchema,
  VerifyWorkspacePaymentResponseSchema,
  WorkspacePaymentResponseSchema,
} from '../billing.schema.js';
import {
  MessageUploadRequestSchema,
  MessageUploadResponseSchema,
  ReactionUploadRequestSchema,
  UploadURLResponseSchema,
  UploadUrlRequestSchema,
  UploadUrlResponseSchema,
} from '../media.schema.js';
import { CreateTaskSchema, TaskSchema, UpdateTaskSchema } from '../tasks.schema.js';
import { forwardRoute, gatewayRoute, objectKeyParam, uuidParam, type PathParam } from '../route.js';

/** The files of the API reference page: Swagger UI's bundle and stylesheet and the script that starts it. */
export const REFERENCE_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'reference.js'] as const;
const REFERENCE_ASSET: PathParam = {
  pattern: new RegExp(`^(${REFERENCE_ASSETS.map((a) => a.replace(/[.]/g, '\\.')).join('|')})$`),
  notFound: { error: 'Not found', code: ErrorCodes.notFound },
  lowercase: false,
};

const taskId = uuidParam('Task not found', ErrorCodes.taskNotFound);

export const TaskRoutes = {
  listTasks: forwardRoute({
    method: 'GET',
    path: '/api/tasks',
    tag: 'Tasks',
    summary: 'Your tasks',
    description: "The caller's personal tasks and the workspace's team tasks, newest first.",
    auth: 'member',
    params: {},
    response: z.array(TaskSchema),
    forward: TasksContracts.list,
  }),
  createTask: forwardRoute({
    method: 'POST',
    path: '/api/tasks',
    tag: 'Tasks',
    summary: 'Add a task',
    description: 'Add a personal or team task; team tasks reach the workspace’s sockets as `tasks` frames.',
    auth: 'member',
    params: {},
    body: CreateTaskSchema,
    response: TaskSchema,
    forward: TasksContracts.create,
  }),
  updateTask: forwardRoute({
    method: 'PATCH',
    path: '/api/tasks/{taskId}',
    tag: 'Tasks',
    summary: 'Tick or untick a task',
    description: 'Tick or untick a task (owner for personal tasks, any member for team tasks).',
    auth: 'member',
    params: { taskId },
    body: UpdateTaskSchema,
    response: TaskSchema,
    forward: TasksContracts.update,
  }),
  deleteTask: forwardRoute({
    method: 'DELETE',
    path: '/api/tasks/{taskId}',
    tag: 'Tasks',
    summary: 'Delete a task',
    description: 'Delete a task (same rule as ticking).',
    auth: 'member',
    params: { taskId },
    response: z.object({ id: z.uuid() }),
    forward: TasksContracts.remove,
  }),
} as const;

const timeoutMs = BILLING_PROVIDER_TIMEOUT_MS;

export const BillingRoutes = {
  getBillingConfig: forwardRoute({
    method: 'GET',
    path: '/api/billing/config',
    tag: 'Billing',
    summary: 'Which card form to show',
    description: 'Which card form to show: Stripe publishable key, or null for the offline form.',
    auth: 'public',
    params: {},
    response: BillingConfigSchema,
    forward: BillingContracts.config,
    input: () => ({}),
  }),
  createSignupSubscription: forwardRoute({
    method: 'POST',
    path: '/api/create-signup-subscription',
    tag: 'Billing',
    summary: 'Start the signup subscription',
    description: 'Start the signup subscription (3-day free trial); the same client secret while one is pending.',
    auth: 'signedIn',
    params: {},
    status: 200,
    body: CreateSignupSubscriptionSchema,
    response: CreateSignupSubscriptionResponseSchema,
    forward: BillingContracts.createSignupSubscription,
    changesActors: [],
    timeoutMs,
  }),
  verifyPaymentStatus: forwardRoute({
    method: 'POST',
    path: '/api/verify-payment-status',
    tag: 'Billing',
    summary: 'Whether the card setup is confirmed',
    description: 'Whether the card setup is confirmed (sets paymentCompleted).',
    auth: 'signedIn',
    params: {},
    status: 200,
    response: VerifyPaymentStatusResponseSchema,
    forward: BillingContracts.verifyPayment,
    changesActors: [],
    timeoutMs,
  }),
  getSubscriptionDetails: forwardRoute({
    method: 'GET',
    path: '/api/subscription-details',
    tag: 'Billing',
    summary: 'Subscription of the workspace',
    description: 'Seats, monthly amount and trial of the current workspace (admins).',
    auth: 'admin',
    params: {},
    response: SubscriptionDetailsSchema,
    forward: BillingContracts.subscriptionDetails,
    timeoutMs,
  }),
  purchaseSeats: forwardRoute({
    method: 'POST',
    path: '/api/purchase-seats',
    tag: 'Billing',
    summary: 'Add seats',
    description: 'Add 1–50 seats to the current workspace (admins; prorated).',
    auth: 'admin',
    params: {},
    status: 200,
    body: PurchaseSeatsSchema,
    response: PurchaseSeatsResponseSchema,
    forward: BillingContracts.purchaseSeats,
    timeoutMs,
  }),
  startWorkspacePayment: forwardRoute({
    method: 'POST',
    path: '/api/workspace-payment',
    tag: 'Billing',
    summary: 'Pay for the workspace',
    description:
      "A card setup for the current workspace's subscription (admins): the Billing tab's card form confirms it; 409 " +
      'when already paid.',
    auth: 'admin',
    params: {},
    status: 200,
    response: WorkspacePaymentResponseSchema,
    forward: BillingContracts.startWorkspacePayment,
    timeoutMs,
  }),
  verifyWorkspacePayment: forwardRoute({
    method: 'POST',
    path: '/api/workspace-payment/verify',
    tag: 'Billing',
    summary: "Whether the workspace's payment is confirmed",
    description:
      "Whether the workspace's card setup is confirmed; once it is, a read-only workspace is writable again (admins).",
    auth: 'admin',
    params: {},
    status: 200,
    response: VerifyWorkspacePaymentResponseSchema,
    forward: BillingContracts.verifyWorkspacePayment,
    timeoutMs,
  }),
  endLocalTrial: forwardRoute({
    method: 'POST',
    path: '/api/local-payments/end-trial',
    tag: 'Billing',
    summary: 'End the trial now (offline provider)',
    description:
      "Offline provider only (standalone, tests): end the current workspace's trial now, as the clock would (admins; " +
      '404 with Stripe).',
    auth: 'admin',
    params: {},
    status: 200,
    response: BillingContracts.endLocalTrial.response,
    forward: BillingContracts.endLocalTrial,
    timeoutMs,
  }),
  confirmLocalPayment: forwardRoute({
    method: 'POST',
    path: '/api/local-payments/confirm',
    tag: 'Billing',
    summary: 'Confirm a payment (offline card form)',
    description: 'Offline card form: confirm a pending payment setup (4242… succeeds, 4000000000000002 is declined).',
    auth: 'signedIn',
    params: {},
    status: 200,
    body: LocalConfirmSchema,
    response: LocalConfirmResponseSchema,
    forward: BillingContracts.confirmLocalPayment,
    changesActors: [],
    timeoutMs,
  }),
  stripeWebhook: gatewayRoute({
    method: 'POST',
    path: '/api/stripe/webhook',
    tag: 'Billing',
    summary: 'Stripe webhook',
    description:
      "Stripe's webhook (signed with Stripe-Signature over the exact bytes sent; each event processed once).",
    auth: 'public',
    params: {},
    status: 200,
    response: StripeWebhookResponseSchema,
  }),
} as const;

export const UploadRoutes = {
  createUploadUrl: gatewayRoute({
    method: 'POST',
    path: '/api/upload-url',
    tag: 'Uploads',
    summary: 'Upload address for a profile image or logo',
    description:
      'Upload URL for a profile image (3MB) or, with kind "logo", a workspace logo (5MB); PUT the bytes to it within ' +
      '5 minutes.',
    auth: 'signedIn',
    params: {},
    status: 200,
    body: UploadUrlRequestSchema,
    response: UploadUrlResponseSchema,
  }),
  createMessageUpload: gatewayRoute({
    method: 'POST',
    path: '/api/messages/upload',
    tag: 'Uploads',
    summary: 'Upload address for an attachment',
    description:
      'Upload URL for a message attachment, addressed as /attachments/... once uploaded: an image (png, jpeg, gif, ' +
      'webp; 10MB) is sent as imageUrl, any other file (25MB; its name and type are kept) as fileUrl. Only its ' +
      'uploader may post it, in one channel, whose readers alone may then read it.',
    auth: 'member',
    params: {},
    status: 200,
    body: MessageUploadRequestSchema,
    response: MessageUploadResponseSchema,
  }),
  createReactionUpload: gatewayRoute({
    method: 'POST',
    path: '/api/reactions/upload',
    tag: 'Uploads',
    summary: 'Upload address for a custom reaction',
    description: 'Upload URL for a custom reaction image (5MB).',
    auth: 'member',
    params: {},
    status: 200,
    body: ReactionUploadRequestSchema,
    response: UploadURLResponseSchema,
  }),
} as const;

/** Who reads an object: an attachment follows its message's channel, any other image the workspace's members. */
const READERS = {
  objects: 'signed-in members of its workspace only; 404 for anyone else',
  attachments:
    'once posted, those who may read the channel it was posted in, before that its uploader; 404 for anyone else, ' +
    'a workspace admin outside a DM included',
} as const;

const objectRoutes = (prefix: 'objects' | 'attachments', what: string) =>
  ({
    read: gatewayRoute({
      method: 'GET',
      path: `/${prefix as string}/{key}`,
      tag: 'Objects',
      summary: `Read ${what.split(' (')[0]}`,
      description: `Read ${what} (${READERS[prefix]}).`,
      auth: 'signedIn',
      params: { key: objectKeyParam },
      rawResponse: 'The stored bytes, with their content type',
    }),
    upload: gatewayRoute({
      method: 'PUT',
      path: `/${prefix as string}/{key}`,
      tag: 'Objects',
      summary: `Upload ${what.split(' (')[0]}`,
      description: `Upload the bytes of ${what} to a signed local upload URL (the local storage driver's).`,
      auth: 'public',
      params: { key: objectKeyParam },
      status: 200,
      response: StoredObjectSchema,
    }),
  }) as const;

const images = objectRoutes('objects', 'an image (profile image, workspace logo, reaction)');
const attachments = objectRoutes('attachments', 'a message attachment (an image or a file)');

export const ObjectRoutes = {
  readObject: images.read,
  uploadObject: images.upload,
  readAttachment: attachments.read,
  uploadAttachment: attachments.upload,
} as const;

export const SystemRoutes = {
  health: gatewayRoute({
    method: 'GET',
    path: '/api/health',
    tag: 'System',
    summary: 'Liveness',
    description: 'Liveness: the process answers.',
    auth: 'public',
    params: {},
    response: z.object({ status: z.literal('ok') }),
  }),
  readiness: gatewayRoute({
    method: 'GET',
    path: '/api/health/ready',
    tag: 'System',
    summary: 'Readiness',
    description:
      'Readiness: not draining, Postgres, the bus (services answering over it) and Redis when configured; 503 when ' +
      'not ready.',
    auth: 'public',
    params: {},
    response: z.object({ status: z.string(), info: z.record(z.string(), z.unknown()).optional() }),
  }),
  apiReference: gatewayRoute({
    method: 'GET',
    path: '/api/docs',
    tag: 'System',
    summary: 'API reference',
    description: 'This reference, as an interactive page.',
    auth: 'public',
    params: {},
    rawResponse: 'An HTML page',
  }),
  openApiDocument: gatewayRoute({
    method: 'GET',
    path: '/api/docs/openapi.json',
    tag: 'System',
    summary: 'OpenAPI document',
    description: 'The OpenAPI 3.1 document of every route, generated from the route table.',
    auth: 'public',
    params: {},
    rawResponse: 'The OpenAPI document (JSON)',
  }),
  asyncApiDocument: gatewayRoute({
    method: 'GET',
    path: '/api/docs/asyncapi.json',
    tag: 'System',
    summary: 'AsyncAPI document of /ws',
    description: 'The AsyncAPI 3 document of the live socket: every frame each way, generated from the frame maps.',
    auth: 'public',
    params: {},
    rawResponse: 'The AsyncAPI document (JSON)',
  }),
  apiReferenceAsset: gatewayRoute({
    method: 'GET',
    path: '/api/docs/{asset}',
    tag: 'System',
    summary: 'API reference assets',
    description: 'The script and stylesheet of the reference page (bundled, no CDN).',
    auth: 'public',
    params: { asset: REFERENCE_ASSET },
    rawResponse: 'A script or a stylesheet',
  }),
} as const;
