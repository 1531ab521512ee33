import { DomainError } from '@teamchat/bus';
import { membershipErrors, type MembershipErrors } from '@teamchat/service-kit';
import { ErrorCodes } from '@teamchat/contracts';

/** The billing service's expected failures, with the words the SPA shows. */
export const BillingErrors = {
  /** Spec 2 §2: what a non-admin reaching the Billing tab is told. */
  notAdmin: () => new DomainError(ErrorCodes.notAdmin, "You don't have permission to access billing settings."),
  noWorkspace: () => new DomainError(ErrorCodes.noWorkspace, 'No active workspace'),
  subscriptionNotFound: () => new DomainError(ErrorCodes.subscriptionNotFound, 'This workspace has no subscription'),
  subscriptionCanceled: () =>
    new DomainError(ErrorCodes.subscriptionCanceled, 'The subscription of this workspace has been canceled'),
  alreadyPaid: () => new DomainError(ErrorCodes.alreadyPaid, 'The subscription of this workspace is already paid.'),
  cardDeclined: (message: string) => new DomainError(ErrorCodes.cardDeclined, message),
  paymentNotFound: () => new DomainError(ErrorCodes.paymentNotFound, 'Payment setup not found'),
  localPaymentsDisabled: () => new DomainError(ErrorCodes.paymentNotFound, 'Offline payments are not enabled'),
  providerFailed: () => new DomainError(ErrorCodes.stripeError, 'Payment processing failed. Please try again.'),
  webhookSignature: (detail: string) => new DomainError(ErrorCodes.webhookSignature, detail),
} as const;

/** How billing refuses a caller of an admin-only call: its own words for "no workspace" and "not an admin". */
export const billingMembershipErrors: Partial<MembershipErrors> = {
  noWorkspace: BillingErrors.noWorkspace,
  notMember: membershipErrors.memberNotFound,
  notAdmin: BillingErrors.notAdmin,
};
