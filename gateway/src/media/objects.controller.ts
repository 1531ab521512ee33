import { Controller, Get, Param, Put, Req, Res, UseGuards, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { StoredObjectSchema, type StoredObject } from '@teamchat/contracts';
import { AuthGuard } from '../auth/auth.guard.js';
import { Actor, type RequestActor } from '../auth/actor.js';
import { Api } from '../openapi/api.decorator.js';
import { keyOf, ObjectServing } from './object-serving.js';

/**
 * `/<prefix>/<key>` (outside `/api`, see object-routes.ts): GET serves the object to signed-in members of its
 * workspace (401 signed out, 404 anyone else); PUT receives its bytes when the local storage driver issued the URL.
 */
const objectController = (prefix: 'objects' | 'attachments', what: string): Type<unknown> => {
  @Controller(prefix)
  class StoredObjectController {
    constructor(private readonly objects: ObjectServing) {}

    @Get('*key')
    @UseGuards(AuthGuard)
    @Api({ summary: `Read ${what} (members of its workspace only)` })
    read(
      @Actor() actor: RequestActor,
      @Param('key') key: string | string[],
      @Req() req: Request,
      @Res() res: Response,
    ) {
      return this.objects.serve(actor, keyOf(key), req, res);
    }

    @Put('*key')
    @Api({
      summary: `Upload the bytes of ${what} to a signed local upload URL`,
      response: StoredObjectSchema,
      public: true,
    })
    upload(@Param('key') key: string | string[], @Req() req: Request): Promise<StoredObject> {
      return this.objects.upload(req, prefix, keyOf(key));
    }
  }
  Object.defineProperty(StoredObjectController, 'name', {
    value: `${prefix[0].toUpperCase()}${prefix.slice(1)}Controller`,
  });
  return StoredObjectController;
};

export const ObjectsController = objectController('objects', 'an image (profile image, workspace logo, reaction)');
export const AttachmentsController = objectController('attachments', 'a message attachment (an image or a file)');
