import { NotFoundException, Param, type PipeTransform } from '@nestjs/common';
import { ErrorCodes, type ErrorCode } from '@teamchat/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing: answered 404 like an unknown (or another workspace's) one. */
class ChatIdPipe implements PipeTransform<string, string> {
  constructor(private readonly notFound: { error: string; code: ErrorCode }) {}
  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundException(this.notFound);
    return value.toLowerCase();
  }
}

export const ChannelIdParam = () =>
  Param('id', new ChatIdPipe({ error: 'Channel not found', code: ErrorCodes.channelNotFound }));
export const SectionIdParam = () =>
  Param('id', new ChatIdPipe({ error: 'Section not found', code: ErrorCodes.sectionNotFound }));
export const MessageIdParam = () =>
  Param('id', new ChatIdPipe({ error: 'Message not found', code: ErrorCodes.messageNotFound }));
