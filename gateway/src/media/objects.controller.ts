import { Controller, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Routes, type StoredObject } from '@teamchat/contracts';
import { Actor, type RequestActor } from '../auth/actor.js';
import { Route, RouteParam } from '../http/route-table.js';
import { ObjectServing } from './object-serving.js';

/**
 * `/<prefix>/<key>` (outside `/api`, see object-routes.ts): GET serves the object to signed-in members of its
 * workspace (401 signed out, 404 anyone else); PUT receives its bytes when the local storage driver issued the URL.
 */
const objectController = (
  prefix: 'objects' | 'attachments',
  routes: { read: typeof Routes.readObject; upload: typeof Routes.uploadObject },
): Type<unknown> => {
  @Controller()
  class StoredObjectController {
    constructor(private readonly objects: ObjectServing) {}

    @Route(routes.read)
    read(
      @Actor() actor: RequestActor,
      @RouteParam(routes.read, 'key') key: string,
      @Req() req: Request,
      @Res() res: Response,
    ) {
      return this.objects.serve(actor, key, req, res);
    }

    @Route(routes.upload)
    upload(@RouteParam(routes.upload, 'key') key: string, @Req() req: Request): Promise<StoredObject> {
      return this.objects.upload(req, prefix, key);
    }
  }
  Object.defineProperty(StoredObjectController, 'name', {
    value: `${prefix[0].toUpperCase()}${prefix.slice(1)}Controller`,
  });
  return StoredObjectController;
};

export const ObjectsController = objectController('objects', {
  read: Routes.readObject,
  upload: Routes.uploadObject,
});
export const AttachmentsController = objectController('attachments', {
  read: Routes.readAttachment,
  upload: Routes.uploadAttachment,
});
