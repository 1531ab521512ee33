import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { OBJECT_KEY_PATTERN, OBJECT_ROUTE_PREFIXES, objectPrefixFor, type UploadKind } from '@teamchat/contracts';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';
import { linkOrigin } from '../auth/origin.middleware.js';

/** An absolute address prefix and the route its objects are served at on this site. */
export type UploadAddressBase = readonly [base: string, prefix: string];

/**
 * The prefixes of the upload URLs this gateway hands out, without their query (spec 1 §7: that is the image address the
 * client stores): its own `/objects/` and `/attachments/` on the local driver, the private bucket on S3 (whose objects
 * the gateway serves under `bucketPrefix`, the route of the upload's kind).
 */
export const uploadAddressBases = (
  env: GatewayRuntime['env'],
  siteOrigin: string,
  bucketPrefix: string = objectPrefixFor('profile'),
): UploadAddressBase[] => {
  const bases: UploadAddressBase[] = OBJECT_ROUTE_PREFIXES.map((prefix) => [
    new URL(`/${prefix}/`, siteOrigin).href,
    prefix,
  ]);
  // presigned upload URLs name the endpoint browsers reach the bucket at
  const bucketEndpoint = env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT;
  if (env.STORAGE_DRIVER === 's3' && bucketEndpoint)
    bases.push([`${new URL(bucketEndpoint).origin}/${env.S3_BUCKET}/`, bucketPrefix]);
  return bases;
};

/**
 * `<base><key>` for one of `bases` becomes `/<prefix>/<key>`, where the gateway serves the object to members; anything
 * else is returned unchanged, for the owning service to judge.
 */
export const siteRelativeImageAddress = (address: string, bases: readonly UploadAddressBase[]): string => {
  for (const [base, prefix] of bases) {
    if (!address.startsWith(base)) continue;
    const key = address.slice(base.length);
    if (OBJECT_KEY_PATTERN.test(key)) return `/${prefix}/${key}`;
  }
  return address;
};

/**
 * Image addresses arrive as the SPA derives them from an upload URL, absolute on this site or in the bucket, or as the
 * served path itself. The services accept and store them site-relative (`/objects/<key>`, `/attachments/<key>`): only
 * this edge knows its own origin, and a stored address then keeps working when the site's host name changes. Every
 * route that takes an image address (profile, logo, message image, custom reaction) goes through here.
 */
@Injectable()
export class ImageAddresses {
  constructor(@Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime) {}

  siteRelative(address: string, req: Request, kind?: UploadKind): string;
  siteRelative(address: string | null | undefined, req: Request, kind?: UploadKind): string | null | undefined;
  siteRelative(
    address: string | null | undefined,
    req: Request,
    kind: UploadKind = 'profile',
  ): string | null | undefined {
    if (!address) return address;
    // the same origin the upload URL was made absolute with (see media/upload-url.controller.ts)
    const origin = linkOrigin(req, this.runtime.env);
    return siteRelativeImageAddress(address, uploadAddressBases(this.runtime.env, origin, objectPrefixFor(kind)));
  }
}
