import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { IdentityContracts } from '@teamchat/contracts';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { MemberDirectory } from './member-directory.service.js';

type In<K extends keyof typeof IdentityContracts> = z.output<(typeof IdentityContracts)[K]['request']>;

/** Bus handlers of the members directory. */
@Controller()
export class DirectoryController {
  constructor(private readonly directory: MemberDirectory) {}

  @OnRequest(IdentityContracts.directory)
  directoryPage(@Payload(new ZodPipe(IdentityContracts.directory.request)) body: In<'directory'>) {
    const { actor, ...query } = body;
    return this.directory.list(actor, query);
  }

  /** The whole roster, as gateways older than the directory ask for it. */
  @OnRequest(IdentityContracts.listWorkspace)
  async listWorkspace(@Payload(new ZodPipe(IdentityContracts.listWorkspace.request)) body: In<'listWorkspace'>) {
    return (await this.directory.list(body.actor, {})).users;
  }
}
