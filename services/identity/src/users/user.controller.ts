import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { IdentityContracts } from '@teamchat/contracts';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { UserService } from './user.service.js';

type In<K extends keyof typeof IdentityContracts> = z.output<(typeof IdentityContracts)[K]['request']>;

/** Bus handlers of the identity service; validation at the boundary, rules in UserService. */
@Controller()
export class UserController {
  constructor(private readonly users: UserService) {}

  @OnRequest(IdentityContracts.register)
  register(@Payload(new ZodPipe(IdentityContracts.register.request)) body: In<'register'>) {
    return this.users.register(body);
  }

  @OnRequest(IdentityContracts.authenticate)
  authenticate(@Payload(new ZodPipe(IdentityContracts.authenticate.request)) body: In<'authenticate'>) {
    return this.users.authenticate(body);
  }

  @OnRequest(IdentityContracts.get)
  get(@Payload(new ZodPipe(IdentityContracts.get.request)) body: In<'get'>) {
    return this.users.get(body.userId);
  }

  @OnRequest(IdentityContracts.getMany)
  getMany(@Payload(new ZodPipe(IdentityContracts.getMany.request)) body: In<'getMany'>) {
    return this.users.getMany(body.userIds);
  }

  @OnRequest(IdentityContracts.findByNames)
  findByNames(@Payload(new ZodPipe(IdentityContracts.findByNames.request)) body: In<'findByNames'>) {
    return this.users.findByNames(body.names);
  }

  @OnRequest(IdentityContracts.update)
  update(@Payload(new ZodPipe(IdentityContracts.update.request)) body: In<'update'>) {
    return this.users.update(body.actor, body.userId, body.changes);
  }

  @OnRequest(IdentityContracts.awardStars)
  awardStars(@Payload(new ZodPipe(IdentityContracts.awardStars.request)) body: In<'awardStars'>) {
    return this.users.awardStars(body.actor, body.userId, body.stars);
  }

  @OnRequest(IdentityContracts.delete)
  delete(@Payload(new ZodPipe(IdentityContracts.delete.request)) body: In<'delete'>) {
    return this.users.delete(body.userId);
  }

  @OnRequest(IdentityContracts.markPaymentCompleted)
  markPaymentCompleted(
    @Payload(new ZodPipe(IdentityContracts.markPaymentCompleted.request)) body: In<'markPaymentCompleted'>,
  ) {
    return this.users.markPaymentCompleted(body);
  }
}
