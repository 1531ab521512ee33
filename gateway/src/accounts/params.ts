import { NotFoundException, Param, type PipeTransform } from '@nestjs/common';
import { ErrorCodes } from '@teamchat/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing: 404 like an unknown (or another tenant's) one. */
class IdPipe implements PipeTransform<string, string> {
  constructor(private readonly notFound: { error: string; code: string }) {}
  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundException(this.notFound);
    return value.toLowerCase();
  }
}

export const IdParam = (
  name: string,
  notFound: { error: string; code: string } = { error: 'Not found', code: ErrorCodes.notFound },
) => Param(name, new IdPipe(notFound));

/** Invite tokens are 43 base64url characters; anything unlike one is simply not a valid invite. */
class TokenPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) {
      throw new NotFoundException({ error: 'This invitation link is not valid', code: ErrorCodes.inviteNotFound });
    }
    return value;
  }
}

export const TokenParam = (name = 'token') => Param(name, new TokenPipe());
