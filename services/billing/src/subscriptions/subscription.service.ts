import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { BusClient, DomainError } from '@teamchat/bus';
import { Outbox, WorkspaceMembership } from '@teamchat/service-kit';
import {
  BillingEvents,
  ErrorCodes,
  IdentityContracts,
  isReadOnlyAt,
  monthlyPrice,
  seatsAddedMessage,
  TRIAL_DAYS,
  WorkspaceContracts,
  type Actor,
  type SubscriptionDetails,
  type VerifyWorkspacePaymentResponse,
  type WorkspaceAccess,
} from '@teamchat/contracts';
import { BillingErrors } from '../billing.errors.js';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderSubscription,
  type SubscriptionStatus,
} from '../providers/payment-provider.js';
import { CustomerEntity } from './customer.entity.js';
import { SeatPurchaseEntity } from './seat-purchase.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';

/**
 * Seats of a workspace that its creator did not pay for at signup: an additional workspace (or one made by a user who
 * joined through an invite) gets its own 3-day trial subscription of this many seats, billed to its creator.
 */
export const WORKSPACE_TRIAL_SEATS = 5;

/** How long a seat purchase waits for the workspace service to apply the new limit before answering anyway. */
const SEAT_LIMIT_SETTLE_MS = 2000;

/**
 * What a transaction decided that others must hear of: its events are recorded in the same transaction
 * (`recordEvents`, the outbox), the calls to other services made once it committed (`runAfterCommit`).
 */
export interface AfterCommit {
  seatsChanged: { workspaceId: string; seats: number }[];
  attached: SubscriptionEntity[];
  paymentCompleted: SubscriptionEntity[];
  /** Workspace subscriptions whose state may have changed whether the workspace can be written to. */
  entitlements: SubscriptionEntity[];
}

export const afterCommit = (): AfterCommit => ({
  seatsChanged: [],
  attached: [],
  paymentCompleted: [],
  entitlements: [],
});

/** Statuses that leave a workspace read-only until it is paid. */
const LAPSED: ReadonlySet<SubscriptionStatus> = new Set([
  'canceled',
  'unpaid',
  'past_due',
  'incomplete_expired',
  'paused',
]);
/** Statuses a subscription never leaves: paying again needs a new subscription. */
const ENDED: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);

/**
 * Until when members may write in the subscription's workspace: null while in good standing (active, or trialing with
 * a card), the trial's end for a trial without a card, and `now` (read-only from now on) once the trial ended unpaid
 * or the subscription was canceled or is unpaid.
 */
export const writableUntil = (subscription: SubscriptionEntity, now: Date = new Date()): Date | null => {
  const { status } = subscription;
  if (status === 'active') return null;
  if (status === 'trialing' && subscription.paymentConfirmedAt) return null;
  if (LAPSED.has(status)) return now;
  // trialing (or incomplete) without a card: writable until the trial ends
  return subscription.trialEnd ?? now;
};

export const accessOf = (subscription: SubscriptionEntity, now: Date = new Date()): WorkspaceAccess => {
  const until = writableUntil(subscription, now);
  return { readOnly: isReadOnlyAt(until, now.getTime()), writableUntil: until?.toISOString() ?? null };
};

/** The seats a workspace may use: none once its subscription is canceled or expired unpaid. */
export const effectiveSeats = (subscription: SubscriptionEntity): number =>
  subscription.status === 'canceled' || subscription.status === 'incomplete_expired' ? 0 : subscription.seats;

/** Trial subscriptions, payment confirmation, seats and price. Provider calls go through `PaymentProvider` only. */
@Injectable()
export class SubscriptionService {
  private readonly logger = new Logger(SubscriptionService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly bus: BusClient,
    private readonly membership: WorkspaceMembership,
    private readonly outbox: Outbox,
  ) {}

  /** Signup Payment step: the user's pending trial subscription, created once; its SetupIntent's client secret. */
  async createSignupSubscription(actor: Actor, seats: number): Promise<{ clientSecret: string }> {
    const subscription = await this.withUserLock(actor.userId, async (m) => {
      // idempotent: a pending (or paid but not yet attached) signup subscription is handed back as it is
      const pending = await m.findOneBy(SubscriptionEntity, { userId: actor.userId, workspaceId: IsNull() });
      if (pending) return pending;
      const customer = await this.ensureCustomer(m, actor.userId);
      const created = await this.provider.createTrialSubscription({
        customerId: customer.providerCustomerId,
        seats,
        trialDays: TRIAL_DAYS,
        defaultPaymentMethod: null,
        metadata: { userId: actor.userId, purpose: 'signup' },
        idempotencyKey: `signup-subscription:${actor.userId}:${randomUUID()}`,
      });
      return m.save(this.newSubscription(actor.userId, null, customer, created, created.setupIntent));
    });
    if (!subscription.clientSecret) throw BillingErrors.providerFailed();
    return { clientSecret: subscription.clientSecret };
  }

  /**
   * Whether the user's payment setup is confirmed (spec 1 §4: the SPA polls this after the card form). Confirmation is
   * asked of the provider while pending; once confirmed, identity's paymentCompleted is set (again, harmlessly).
   */
  async verifyPayment(actor: Actor): Promise<{ paymentCompleted: boolean }> {
    const after = afterCommit();
    const confirmed = await this.withUserLock(actor.userId, async (m) => {
      const subscriptions = await m.find(SubscriptionEntity, {
        where: { userId: actor.userId },
        order: { createdAt: 'DESC' },
      });
      const pending = subscriptions.find((s) => s.workspaceId === null);
      if (pending && !pending.paymentConfirmedAt) {
        const state = await this.provider.getSetupState({
          setupIntentId: pending.setupIntentId,
          subscriptionId: pending.providerSubscriptionId,
        });
        if (state.confirmed) await this.confirmPayment(m, pending, state.paymentMethod, after);
      }
      const paid = pending?.paymentConfirmedAt ? pending : subscriptions.find((s) => s.paymentConfirmedAt);
      if (paid && !after.paymentCompleted.includes(paid)) after.paymentCompleted.push(paid);
      await this.recordEvents(m, after);
      return !!paid;
    });
    await this.runAfterCommit(after);
    return { paymentCompleted: confirmed };
  }

  /** Billing tab: seats, monthly amount (spec 2 §9), trial. Admins of the current workspace only. */
  async details(actor: Actor): Promise<SubscriptionDetails> {
    const { workspaceId } = await this.membership.requireAdmin(actor);
    const { subscription } = await this.workspaceSubscription(workspaceId, actor.userId);
    const onTrial = subscription.status === 'trialing' && !!subscription.trialEnd && subscription.trialEnd > new Date();
    return {
      seats: subscription.seats,
      amount: monthlyPrice(subscription.seats),
      onTrial,
      trialEnd: subscription.trialEnd?.toISOString() ?? null,
    };
  }

  /**
   * An admin adds seats: the provider's quantity changes (prorated) under a row lock, so concurrent purchases add up
   * and reach the provider in order; then `billing.seats.changed` moves the workspace's invite limit.
   */
  async purchaseSeats(actor: Actor, additionalSeats: number): Promise<{ message: string }> {
    const { workspaceId } = await this.membership.requireAdmin(actor);
    const { id } = (await this.workspaceSubscription(workspaceId, actor.userId)).subscription;
    const seats = await this.ds.transaction(async (m) => {
      const subscription = await m.findOneOrFail(SubscriptionEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (effectiveSeats(subscription) === 0) throw BillingErrors.subscriptionCanceled();
      const purchase = m.create(SeatPurchaseEntity, {
        id: randomUUID(),
        subscriptionId: subscription.id,
        workspaceId,
        userId: actor.userId,
        additionalSeats,
        seatsBefore: subscription.seats,
        seatsAfter: subscription.seats + additionalSeats,
      });
      const updated = await this.provider.updateSeats({
        subscriptionId: subscription.providerSubscriptionId,
        itemId: subscription.providerItemId,
        seats: purchase.seatsAfter,
        idempotencyKey: `seat-purchase:${purchase.id}`,
      });
      this.applyProviderState(subscription, updated);
      subscription.seats = purchase.seatsAfter;
      // webhooks about quantity changes made before this one are stale from now on
      subscription.providerEventAt = new Date();
      await m.save(subscription);
      await m.save(purchase);
      await this.outbox.add(m, BillingEvents.seatsChanged, { workspaceId, seats: subscription.seats });
      return subscription.seats;
    });
    await this.awaitSeatLimit(actor, workspaceId, seats);
    return { message: seatsAddedMessage(additionalSeats) };
  }

  /**
   * A workspace was created. If its creator holds a paid signup subscription, that subscription (and its seats) now
   * pays for this workspace. Otherwise — an additional workspace, or a creator who never paid — the workspace gets its
   * own 3-day trial of WORKSPACE_TRIAL_SEATS seats on the creator's customer, using the card they saved if any.
   */
  async onWorkspaceCreated(workspaceId: string, createdBy: string): Promise<void> {
    const { subscription, fresh } = await this.workspaceSubscription(workspaceId, createdBy);
    // a redelivered event re-announces the seats, which lets the workspace service catch up if it missed them
    if (!fresh) {
      await this.ds.transaction(async (m) => {
        await this.outbox.add(m, BillingEvents.seatsChanged, { workspaceId, seats: effectiveSeats(subscription) });
        await this.recordEntitlement(m, subscription);
      });
    }
  }

  /** The seats a workspace's subscription pays for (null when it has none yet). */
  async workspaceSeats(workspaceId: string): Promise<number | null> {
    const subscription = await this.ds.manager.findOneBy(SubscriptionEntity, { workspaceId });
    return subscription ? effectiveSeats(subscription) : null;
  }

  /** The subscription whose card setup this is, locked for the caller's transaction. */
  async findBySetupIntent(m: EntityManager, setupIntentId: string): Promise<SubscriptionEntity | null> {
    return m.findOne(SubscriptionEntity, { where: { setupIntentId }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Records a confirmed card setup once: the card becomes the customer's default (later subscriptions use it) and
   * identity learns the user has paid, after commit.
   */
  async confirmPayment(
    m: EntityManager,
    subscription: SubscriptionEntity,
    paymentMethod: string | null,
    after: AfterCommit,
  ): Promise<void> {
    if (subscription.paymentConfirmedAt) return;
    subscription.paymentConfirmedAt = new Date();
    await m.save(subscription);
    if (paymentMethod) {
      const customer = await m.findOneByOrFail(CustomerEntity, { id: subscription.customerId });
      if (customer.defaultPaymentMethod !== paymentMethod) {
        await this.provider.setDefaultPaymentMethod({ customerId: customer.providerCustomerId, paymentMethod });
        customer.defaultPaymentMethod = paymentMethod;
        await m.save(customer);
      }
    }
    after.paymentCompleted.push(subscription);
    if (subscription.workspaceId) {
      if (paymentMethod) await this.restoreIfEnded(m, subscription, paymentMethod, after);
      after.entitlements.push(subscription);
    }
  }

  /**
   * A card was confirmed for a workspace whose subscription the provider has ended (trial over without a card,
   * canceled): a new subscription, paid at once with that card, takes its place, and the workspace is writable again.
   * A subscription that is only unpaid or past due keeps going: the provider retries its invoice with the new default
   * card, and its `active` webhook restores the workspace.
   */
  private async restoreIfEnded(
    m: EntityManager,
    subscription: SubscriptionEntity,
    paymentMethod: string,
    after: AfterCommit,
  ): Promise<void> {
    const trialOver = !!subscription.trialEnd && subscription.trialEnd.getTime() <= Date.now();
    if (!ENDED.has(subscription.status) && !trialOver) return;
    // our copy may be behind (a webhook not seen yet, an offline trial ended by the clock): ask the provider
    const current = await this.provider.getSubscription(subscription.providerSubscriptionId);
    this.applyProviderState(subscription, current);
    if (!ENDED.has(current.status)) {
      await m.save(subscription);
      return;
    }
    const customer = await m.findOneByOrFail(CustomerEntity, { id: subscription.customerId });
    const replacement = await this.provider.createPaidSubscription({
      customerId: customer.providerCustomerId,
      seats: subscription.seats,
      paymentMethod,
      metadata: { userId: subscription.userId, workspaceId: subscription.workspaceId!, purpose: 'workspace-restore' },
      idempotencyKey: `workspace-restore:${subscription.id}:${paymentMethod}`,
    });
    subscription.providerSubscriptionId = replacement.id;
    subscription.providerItemId = replacement.itemId;
    this.applyProviderState(subscription, replacement);
    // webhooks about the ended subscription no longer match this row; those about the new one are newer than this
    subscription.providerEventAt = new Date();
    subscription.lastPaymentError = null;
    await m.save(subscription);
    after.seatsChanged.push({ workspaceId: subscription.workspaceId!, seats: effectiveSeats(subscription) });
  }

  /**
   * Billing tab, admins: a card setup paying for the current workspace. While the subscription can still take a card
   * its own pending setup is handed back; once that is used or the subscription has ended, a new one on the payer's
   * customer (confirming it replaces the ended subscription, see confirmPayment).
   */
  async startWorkspacePayment(actor: Actor): Promise<{ clientSecret: string }> {
    const { workspaceId } = await this.membership.requireAdmin(actor);
    const { subscription } = await this.workspaceSubscription(workspaceId, actor.userId);
    return this.withUserLock(subscription.userId, async (m) => {
      const locked = await m.findOneOrFail(SubscriptionEntity, {
        where: { id: subscription.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (writableUntil(locked) === null) throw BillingErrors.alreadyPaid();
      if (!ENDED.has(locked.status) && !locked.paymentConfirmedAt && locked.setupIntentId && locked.clientSecret) {
        return { clientSecret: locked.clientSecret };
      }
      const customer = await m.findOneByOrFail(CustomerEntity, { id: locked.customerId });
      const setup = await this.provider.createSetupIntent({
        customerId: customer.providerCustomerId,
        metadata: { userId: locked.userId, workspaceId, purpose: 'workspace-payment' },
        idempotencyKey: `workspace-payment:${locked.id}:${randomUUID()}`,
      });
      locked.setupIntentId = setup.id;
      locked.clientSecret = setup.clientSecret;
      locked.paymentConfirmedAt = null;
      await m.save(locked);
      return { clientSecret: setup.clientSecret };
    });
  }

  /** After the Billing tab's card form: applies a confirmed card (the workspace is writable again) and says so. */
  async verifyWorkspacePayment(actor: Actor): Promise<VerifyWorkspacePaymentResponse> {
    const { workspaceId } = await this.membership.requireAdmin(actor);
    const { subscription } = await this.workspaceSubscription(workspaceId, actor.userId);
    const after = afterCommit();
    const current = await this.withUserLock(subscription.userId, async (m) => {
      const locked = await m.findOneOrFail(SubscriptionEntity, {
        where: { id: subscription.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked.paymentConfirmedAt) {
        const state = await this.provider.getSetupState({
          setupIntentId: locked.setupIntentId,
          subscriptionId: locked.providerSubscriptionId,
        });
        if (state.confirmed) await this.confirmPayment(m, locked, state.paymentMethod, after);
      }
      await this.recordEvents(m, after);
      return locked;
    });
    await this.runAfterCommit(after);
    return { paymentCompleted: !!current.paymentConfirmedAt, ...accessOf(current) };
  }

  /** Offline provider only: the current workspace's trial ends now (tests, standalone); admins only. */
  async endLocalTrial(actor: Actor): Promise<WorkspaceAccess & { status: string }> {
    if (!this.provider.endTrialNow) throw BillingErrors.localPaymentsDisabled();
    const { workspaceId } = await this.membership.requireAdmin(actor);
    const { subscription } = await this.workspaceSubscription(workspaceId, actor.userId);
    const after = afterCommit();
    const ended = await this.ds.transaction(async (m) => {
      const locked = await m.findOneOrFail(SubscriptionEntity, {
        where: { id: subscription.id },
        lock: { mode: 'pessimistic_write' },
      });
      const seatsBefore = effectiveSeats(locked);
      this.applyProviderState(locked, await this.provider.endTrialNow!(locked.providerSubscriptionId));
      await m.save(locked);
      if (effectiveSeats(locked) !== seatsBefore) {
        after.seatsChanged.push({ workspaceId, seats: effectiveSeats(locked) });
      }
      after.entitlements.push(locked);
      await this.recordEvents(m, after);
      return locked;
    });
    await this.runAfterCommit(after);
    return { status: ended.status, ...accessOf(ended) };
  }

  /** Copies what the provider answered (status, trial, item) onto the stored subscription. */
  applyProviderState(subscription: SubscriptionEntity, state: ProviderSubscription): void {
    subscription.status = state.status;
    subscription.trialEnd = state.trialEnd;
    subscription.providerItemId = state.itemId ?? subscription.providerItemId;
  }

  /**
   * Records the events of what the transaction `m` decided in billing's outbox (published once it commits). Call it
   * last in the transaction; what it recorded is taken off `after`, so calling it again records only what is new.
   */
  async recordEvents(m: EntityManager, after: AfterCommit): Promise<void> {
    for (const change of after.seatsChanged.splice(0)) await this.outbox.add(m, BillingEvents.seatsChanged, change);
    const attached = after.attached.splice(0);
    for (const subscription of new Set([...attached, ...after.entitlements.splice(0)])) {
      await this.recordEntitlement(m, subscription);
    }
    for (const subscription of attached) {
      const customer = await m.findOneByOrFail(CustomerEntity, { id: subscription.customerId });
      await this.outbox.add(m, BillingEvents.subscriptionAttached, {
        workspaceId: subscription.workspaceId!,
        userId: subscription.userId,
        provider: subscription.provider,
        customerId: customer.providerCustomerId,
        subscriptionId: subscription.providerSubscriptionId,
        seats: effectiveSeats(subscription),
      });
    }
  }

  /** Calls other services for what a committed transaction decided (its events were recorded by `recordEvents`). */
  async runAfterCommit(after: AfterCommit): Promise<void> {
    for (const subscription of after.paymentCompleted) {
      const customer = await this.ds.manager.findOneByOrFail(CustomerEntity, { id: subscription.customerId });
      await this.bus.request(IdentityContracts.markPaymentCompleted, {
        userId: subscription.userId,
        stripeCustomerId: customer.providerCustomerId,
        stripeSubscriptionId: subscription.providerSubscriptionId,
      });
    }
  }

  /** Tells the workspace (and every cached write check) whether it may be written to now. */
  private async recordEntitlement(m: EntityManager, subscription: SubscriptionEntity): Promise<void> {
    if (!subscription.workspaceId) return;
    const now = new Date();
    await this.outbox.add(m, BillingEvents.entitlementChanged, {
      workspaceId: subscription.workspaceId,
      status: subscription.status,
      writableUntil: writableUntil(subscription, now)?.toISOString() ?? null,
      changedAt: now.toISOString(),
    });
  }

  /**
   * The workspace's subscription, attached or created on first need. The `workspace.workspace.created` event normally
   * does this; doing it here as well means a lost event only delays it.
   */
  private async workspaceSubscription(
    workspaceId: string,
    userId: string,
  ): Promise<{ subscription: SubscriptionEntity; fresh: boolean }> {
    const existing = await this.ds.manager.findOneBy(SubscriptionEntity, { workspaceId });
    if (existing) return { subscription: existing, fresh: false };
    const after = afterCommit();
    let fresh = true;
    const subscription = await this.withUserLock(userId, async (m) => {
      const raced = await m.findOneBy(SubscriptionEntity, { workspaceId });
      if (raced) {
        fresh = false;
        return raced;
      }
      const pending = await m.findOneBy(SubscriptionEntity, { userId, workspaceId: IsNull() });
      if (pending && !pending.paymentConfirmedAt) {
        // paid through Stripe while our verify or webhook has not been seen yet
        const state = await this.provider.getSetupState({
          setupIntentId: pending.setupIntentId,
          subscriptionId: pending.providerSubscriptionId,
        });
        if (state.confirmed) await this.confirmPayment(m, pending, state.paymentMethod, after);
      }
      if (pending?.paymentConfirmedAt) {
        pending.workspaceId = workspaceId;
        return this.attached(m, await m.save(pending), after);
      }
      const customer = await this.ensureCustomer(m, userId);
      const created = await this.provider.createTrialSubscription({
        customerId: customer.providerCustomerId,
        seats: WORKSPACE_TRIAL_SEATS,
        trialDays: TRIAL_DAYS,
        defaultPaymentMethod: customer.defaultPaymentMethod,
        metadata: { userId, workspaceId, purpose: 'workspace' },
        // one subscription per workspace, even if the created event is delivered twice
        idempotencyKey: `workspace-subscription:${workspaceId}`,
      });
      const subscription = this.newSubscription(userId, workspaceId, customer, created, created.setupIntent);
      if (customer.defaultPaymentMethod) subscription.paymentConfirmedAt = new Date();
      return this.attached(m, await m.save(subscription), after);
    });
    await this.runAfterCommit(after);
    return { subscription, fresh };
  }

  /** A subscription now pays for its workspace: the workspace hears of it and of its seats with this transaction. */
  private async attached(m: EntityManager, subscription: SubscriptionEntity, after: AfterCommit) {
    after.seatsChanged.push({ workspaceId: subscription.workspaceId!, seats: effectiveSeats(subscription) });
    after.attached.push(subscription);
    await this.recordEvents(m, after);
    return subscription;
  }

  /** After a purchase, waits (briefly) until the workspace service enforces the new seat count, so the admin's next invite sees it. */
  private async awaitSeatLimit(actor: Actor, workspaceId: string, seats: number): Promise<void> {
    const deadline = Date.now() + SEAT_LIMIT_SETTLE_MS;
    while (Date.now() < deadline) {
      try {
        const usage = await this.bus.request(WorkspaceContracts.seats, { actor, workspaceId }, { timeoutMs: 1000 });
        if (usage.seats >= seats) return;
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== ErrorCodes.busUnavailable) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.logger.warn(`workspace ${workspaceId} did not apply ${seats} seats within ${SEAT_LIMIT_SETTLE_MS} ms`);
  }

  /** The user's customer at the provider, created once (idempotency key per user). */
  private async ensureCustomer(m: EntityManager, userId: string): Promise<CustomerEntity> {
    const existing = await m.findOneBy(CustomerEntity, { userId });
    if (existing) return existing;
    const email = await this.bus
      .request(IdentityContracts.get, { userId })
      .then((user) => user.email)
      .catch(() => null);
    const created = await this.provider.createCustomer({ userId, email, idempotencyKey: `customer:${userId}` });
    return m.save(
      m.create(CustomerEntity, {
        userId,
        provider: this.provider.name,
        providerCustomerId: created.id,
        defaultPaymentMethod: null,
      }),
    );
  }

  private newSubscription(
    userId: string,
    workspaceId: string | null,
    customer: CustomerEntity,
    state: ProviderSubscription,
    setupIntent: { id: string; clientSecret: string } | null,
  ): SubscriptionEntity {
    return this.ds.manager.create(SubscriptionEntity, {
      userId,
      workspaceId,
      customerId: customer.id,
      provider: this.provider.name,
      providerSubscriptionId: state.id,
      providerItemId: state.itemId,
      setupIntentId: setupIntent?.id ?? null,
      clientSecret: setupIntent?.clientSecret ?? null,
      seats: state.quantity,
      status: state.status,
      trialEnd: state.trialEnd,
      paymentConfirmedAt: null,
      trialEndingNotifiedAt: null,
      lastPaymentError: null,
      providerEventAt: null,
    });
  }

  /** Serialises one user's billing changes (signup, verify, workspace attach) across replicas. */
  private withUserLock<T>(userId: string, run: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing.user:${userId}`]);
      return run(m);
    });
  }
}
