import { RequestMethod } from '@nestjs/common';
import { OBJECT_ROUTE_PREFIXES } from '@teamchat/contracts';

/**
 * Stored objects live outside `/api`: `/objects/<key>` and `/attachments/<key>` are both the address an image is read
 * from (by signed-in members of its workspace) and, with the local storage driver, the URL its bytes are PUT to.
 */
export const OBJECT_ROUTES = OBJECT_ROUTE_PREFIXES.map((prefix) => ({
  path: `${prefix}/*key`,
  method: RequestMethod.ALL,
}));
