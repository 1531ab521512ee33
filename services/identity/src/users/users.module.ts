import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './user.entity.js';
import { UserController } from './user.controller.js';
import { UserService } from './user.service.js';
import { PasswordHasher } from './password.hasher.js';
import { StoredImages } from '@teamchat/service-kit';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [UserController],
  providers: [UserService, PasswordHasher, StoredImages],
})
export class UsersModule {}
