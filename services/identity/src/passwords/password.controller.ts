import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { IdentityContracts } from '@teamchat/contracts';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { PasswordService } from './password.service.js';

type In<K extends keyof typeof IdentityContracts> = z.output<(typeof IdentityContracts)[K]['request']>;

/** Bus handlers for password change and recovery. */
@Controller()
export class PasswordController {
  constructor(private readonly passwords: PasswordService) {}

  @OnRequest(IdentityContracts.changePassword)
  change(@Payload(new ZodPipe(IdentityContracts.changePassword.request)) body: In<'changePassword'>) {
    return this.passwords.change(body);
  }

  @OnRequest(IdentityContracts.requestPasswordReset)
  requestReset(@Payload(new ZodPipe(IdentityContracts.requestPasswordReset.request)) body: In<'requestPasswordReset'>) {
    return this.passwords.requestReset(body);
  }

  @OnRequest(IdentityContracts.confirmPasswordReset)
  confirmReset(@Payload(new ZodPipe(IdentityContracts.confirmPasswordReset.request)) body: In<'confirmPasswordReset'>) {
    return this.passwords.confirmReset(body);
  }
}
