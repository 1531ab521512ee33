import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity.js';
import { DirectoryController } from './directory.controller.js';
import { MemberDirectory } from './member-directory.service.js';
import { WorkspaceRoster } from './workspace-roster.js';

/** The members directory (`GET /api/users`). */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [DirectoryController],
  providers: [MemberDirectory, WorkspaceRoster],
})
export class DirectoryModule {}
