import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A to-do item in a workspace. A personal task (`isTeam` false) is its creator's alone; a team task belongs to the
 * workspace and any member may tick or delete it.
 */
@Entity({ name: 'task', schema: 'tasks' })
@Index('IDX_TASK_PERSONAL', ['workspaceId', 'createdBy', 'createdAt'], { where: '"is_team" = false' })
@Index('IDX_TASK_TEAM', ['workspaceId', 'createdAt'], { where: '"is_team" = true' })
export class TaskEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @Column({ type: 'varchar', length: 500 })
  title!: string;

  @Column({ type: 'boolean', default: false })
  completed!: boolean;

  @Column({ name: 'is_team', type: 'boolean', default: false })
  isTeam!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
