import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './user.entity.js';
import { UserController } from './user.controller.js';
import { UserService } from './user.service.js';
import { PasswordHasher } from './password.hasher.js';
import { StoredImages } from '@teamchat/service-kit';
import { preparedStatementsProvider } from '@teamchat/database';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [UserController],
  providers: [UserService, PasswordHasher, StoredImages, preparedStatementsProvider],
})
export class UsersModule {}
