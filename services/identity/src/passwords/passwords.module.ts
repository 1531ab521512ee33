import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Env } from '@teamchat/config';
import { PasswordResetEntity } from './password-reset.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { PasswordHasher } from '../users/password.hasher.js';
import { PasswordController } from './password.controller.js';
import { PasswordService } from './password.service.js';
import { MAIL_ENV, Mailer } from './mailer.js';

@Module({})
export class PasswordsModule {
  static register(env: Env): DynamicModule {
    return {
      module: PasswordsModule,
      imports: [TypeOrmModule.forFeature([UserEntity, PasswordResetEntity])],
      controllers: [PasswordController],
      providers: [{ provide: MAIL_ENV, useValue: env }, Mailer, PasswordService, PasswordHasher],
    };
  }
}
