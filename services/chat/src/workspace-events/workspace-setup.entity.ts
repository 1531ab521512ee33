import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Marks a workspace whose default section and `general` channel were created, so that happens exactly once. */
@Entity({ name: 'workspace_setup', schema: 'chat' })
export class WorkspaceSetupEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
