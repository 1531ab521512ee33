import { membershipErrors, type MembershipErrors } from '@teamchat/service-kit';

/** A caller who is no longer a member is told so as the workspace service words it (WORKSPACE.MEMBER_NOT_FOUND). */
export const tasksMembershipErrors: Partial<MembershipErrors> = { notMember: membershipErrors.memberNotFound };
