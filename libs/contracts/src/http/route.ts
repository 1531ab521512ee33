// One HTTP route as data: the gateway registers it, the OpenAPI document describes it and the web client calls it, all
// from this one declaration (see routes/index.ts for the table and the README's "Adding a route").
import type { z } from 'zod';
import type { Actor } from '../actor.js';
import type { RequestContract, RequestOf, ResponseOf } from '../contract.js';
import type { MessageChange, MessageDeletion, ReactionChange } from '../bus/chat.contracts.js';
import { ErrorCodes } from '../errors.js';
import type { UploadKind } from './media.schema.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `member` needs a current workspace (404 `WORKSPACE.NONE` otherwise); `admin` is a member
 * whose role the owning service checks (403 with that service's own message), so the gateway guards it as `member`.
 */
export type RouteAuth = 'public' | 'signedIn' | 'member' | 'admin';

/** A path parameter: what it must look like, and the 404 a value unlike that answers (it names nothing). */
export interface PathParam {
  readonly pattern: RegExp;
  readonly notFound: { readonly error: string; readonly code: string };
  /** Uuids are compared lower-case. */
  readonly lowercase: boolean;
  /** Matches the rest of the path, slashes included (stored object keys). */
  readonly wildcard?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid path parameter; a malformed one answers 404 like an unknown (or another workspace's) id. */
export const uuidParam = (error: string, code: string = ErrorCodes.notFound): PathParam => ({
  pattern: UUID,
  notFound: { error, code },
  lowercase: true,
});

/** Invite tokens are base64url; anything unlike one is simply not a valid invite. */
export const inviteTokenParam: PathParam = {
  pattern: /^[A-Za-z0-9_-]{1,200}$/,
  notFound: { error: 'This invitation link is not valid', code: ErrorCodes.inviteNotFound },
  lowercase: false,
};

/** The key of a stored object: the rest of the path. */
export const objectKeyParam: PathParam = {
  pattern: /^.+$/s,
  notFound: { error: 'Not found', code: ErrorCodes.objectNotFound },
  lowercase: false,
  wildcard: true,
};

/** `'/api/channels/{channelId}/pins'` → `'channelId'`; any name for a route whose path is not known. */
export type ParamNames<Path extends string> = string extends Path
  ? string
  : Path extends `${string}{${infer Name}}${infer Rest}`
    ? Name | ParamNames<Rest>
    : never;
export type RouteParams<Path extends string> = { readonly [K in ParamNames<Path>]: string };

type Schema = z.ZodType | undefined;
// a route whose schema is not known (the table's element type) may carry any field
type Parsed<S extends Schema> = z.ZodType extends S
  ? Record<string, unknown>
  : S extends z.ZodType
    ? z.output<S>
    : Record<never, never>;

/** What a forwarding route knows when it builds the bus request. */
export interface RouteCall<Path extends string, Q extends Schema, B extends Schema> {
  readonly actor: Actor;
  readonly params: RouteParams<Path>;
  readonly query: Parsed<Q>;
  readonly body: Parsed<B>;
}

/** The bus request a forwarding route sends unless it says otherwise: the caller, then params, query and body. */
type DefaultInput<Path extends string, Q extends Schema, B extends Schema> = { actor: Actor } & RouteParams<Path> &
  Parsed<Q> &
  Parsed<B>;

/**
 * What the gateway does once the service answered a forwarding route: publish the change to the channel's members on
 * every node and answer its message (`change`), the same for a deletion (and its thread root; answers 204), or
 * publish a message's new reactions and answer them (`reactions`).
 */
export type LiveEffect = 'change' | 'deletion' | 'reactions';

/** The live effects a contract's reply allows: a route cannot publish what its service does not answer. */
export type LiveEffectOf<C extends RequestContract> =
  unknown extends ResponseOf<C>
    ? LiveEffect
    : | (ResponseOf<C> extends MessageDeletion ? 'deletion' : never)
      | (ResponseOf<C> extends MessageChange ? 'change' : never)
      | (ResponseOf<C> extends ReactionChange ? 'reactions' : never);

interface RouteBase<Path extends string, Q extends Schema, B extends Schema, R extends Schema> {
  readonly method: HttpMethod;
  /** The full path with `{name}` parameters, as in the OpenAPI document. */
  readonly path: Path;
  readonly tag: RouteTag;
  /** A few words, for the reference page's navigation. */
  readonly summary: string;
  /** What it does, its rules and its errors. */
  readonly description: string;
  readonly auth: RouteAuth;
  readonly params: { readonly [K in ParamNames<Path>]: PathParam };
  readonly query?: Q;
  readonly body?: B;
  readonly response?: R;
  /** The success status: 201 for POST and 200 otherwise unless given. */
  readonly status?: 200 | 201 | 202 | 204 | 302;
  /** Headers a successful answer may carry, with what each means. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** The answer is not JSON (a redirect, a stored object's bytes). */
  readonly rawResponse?: string;
}

/** A route the gateway answers itself (sessions, uploads, webhooks, health, stored objects): declared, not forwarded. */
export type GatewayRoute<
  Path extends string = string,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Schema = Schema,
> = RouteBase<Path, Q, B, R> & { readonly forward?: undefined };

/** A route that forwards to one bus request of the owning service. */
export type ForwardRoute<
  Path extends string = string,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Schema = Schema,
  C extends RequestContract = RequestContract,
> = RouteBase<Path, Q, B, R> & {
  readonly forward: C;
  // (method signatures, so that any one route is also an HttpRoute)
  /** The bus request; required when the default (`{actor, ...params, ...query, ...body}`) does not fit the contract. */
  input?(call: RouteCall<Path, Q, B>): RequestOf<C>;
  /** The answer and headers made from the service's reply (the reply itself unless given). */
  output?(reply: ResponseOf<C>): { body: unknown; headers?: Record<string, string | undefined> };
  readonly live?: LiveEffectOf<C>;
  /** Body fields holding an upload address, stored site-relative for the upload kind given. */
  readonly siteRelative?: readonly (readonly [field: keyof Parsed<B> & string, kind: UploadKind])[];
  /** Drop the cached actor of the caller and of the users these params name on every node once it succeeds. */
  readonly changesActors?: readonly ParamNames<Path>[];
  readonly timeoutMs?: number;
};

export type HttpRoute = GatewayRoute | ForwardRoute;

/** Declares a route the gateway answers itself. */
export const gatewayRoute = <
  const Path extends string,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends Schema = undefined,
>(
  route: GatewayRoute<Path, Q, B, R>,
): GatewayRoute<Path, Q, B, R> => route;

/**
 * Declares a forwarding route. It fails to compile when the contract's request no longer fits what the route sends
 * (its default input or its `input`), and `output`/`live` are checked against the contract's reply.
 */
export const forwardRoute = <
  const Path extends string,
  C extends RequestContract,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends Schema = undefined,
>(
  route: ForwardRoute<Path, Q, B, R, C> &
    (DefaultInput<Path, Q, B> extends RequestOf<C> ? unknown : { input(call: RouteCall<Path, Q, B>): RequestOf<C> }),
): ForwardRoute<Path, Q, B, R, C> => route;

export const ROUTE_TAGS = {
  Auth: 'Signing up, in and out, the current user and passwords',
  Users: 'Members, profiles, handles, stars and admin roles',
  Workspaces: 'Workspaces, switching and removing members',
  Invites: 'Invite links and seats',
  Channels: 'Channels, their messages, pins and read state',
  Sections: 'Sidebar sections',
  'Direct messages': 'One-to-one channels',
  Messages: 'Editing, deleting, reacting to and searching messages',
  Threads: 'Replies to a message and the threads you follow',
  Reactions: 'Custom reactions of a workspace',
  Notifications: 'Notification preferences, mentions and who may notify a whole channel',
  Tasks: 'Personal and team tasks',
  Billing: 'Subscriptions, seats and payments',
  Uploads: 'Upload addresses for images and files',
  Objects: 'Stored images and attachments (outside /api)',
  System: 'Health and this reference',
} as const;
export type RouteTag = keyof typeof ROUTE_TAGS;

/** The success status a route answers with. */
export const routeStatus = (route: HttpRoute): number => route.status ?? (route.method === 'POST' ? 201 : 200);
