import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { OBJECT_KEY_PATTERN } from '@teamchat/contracts';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';

/**
 * The prefixes of the upload URLs this gateway hands out, without their query (spec 1 §7: that is the image address the
 * client stores): its own `/objects/` on the local driver, the private bucket on S3.
 */
export const uploadAddressBases = (env: GatewayRuntime['env'], siteOrigin: string): string[] => {
  const bases = [new URL('/objects/', siteOrigin).href];
  // presigned upload URLs name the endpoint browsers reach the bucket at
  const bucketEndpoint = env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT;
  if (env.STORAGE_DRIVER === 's3' && bucketEndpoint) bases.push(`${new URL(bucketEndpoint).origin}/${env.S3_BUCKET}/`);
  return bases;
};

/**
 * `<base><key>` for one of `bases` becomes `/objects/<key>`, where the gateway serves the object to members; anything
 * else is returned unchanged, for the owning service to judge.
 */
export const siteRelativeImageAddress = (address: string, bases: readonly string[]): string => {
  for (const base of bases) {
    if (!address.startsWith(base)) continue;
    const key = address.slice(base.length);
    if (OBJECT_KEY_PATTERN.test(key)) return `/objects/${key}`;
  }
  return address;
};

/**
 * Image addresses arrive as the SPA derives them from an upload URL, absolute on this site or in the bucket. The
 * identity and workspace services accept and store them site-relative (`/objects/<key>`): only this edge knows its
 * own origin, and a stored address then keeps working when the site's host name changes.
 */
@Injectable()
export class ImageAddresses {
  constructor(@Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime) {}

  siteRelative(address: string, req: Request): string;
  siteRelative(address: string | null | undefined, req: Request): string | null | undefined;
  siteRelative(address: string | null | undefined, req: Request): string | null | undefined {
    if (!address) return address;
    // the same origin the upload URL was made absolute with (see media/upload-url.controller.ts)
    const origin = this.runtime.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
    return siteRelativeImageAddress(address, uploadAddressBases(this.runtime.env, origin));
  }
}
