import type { DataSource } from 'typeorm';
import type { MembershipSource } from '@teamchat/service-kit';
import { MembershipEntity } from './membership.entity.js';

/** The workspace service answers membership checks from its own table (outside transactions; see WorkspaceAccess). */
export const membershipTableSource = (dataSource: DataSource): MembershipSource => ({
  async role(workspaceId, userId) {
    const row = await dataSource.manager.findOne(MembershipEntity, {
      select: { role: true },
      where: { workspaceId, userId },
    });
    return row?.role ?? null;
  },
});
