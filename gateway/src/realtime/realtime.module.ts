import { Global, Module } from '@nestjs/common';
import { fanoutProvider } from './fanout/fanout.provider.js';
import { presenceProvider } from './fanout/presence.store.js';
import { MessageRelay } from './message-relay.service.js';
import { realtimeOptionsProvider } from './realtime.options.js';
import { RealtimeEventsListener } from './realtime-events.listener.js';
import { RealtimeHub } from './realtime-hub.service.js';
import { SessionSockets } from './session-sockets.js';

/** The socket hub behind /ws (RealtimeGateway) and the message path HTTP shares with it. */
@Global()
@Module({
  providers: [
    realtimeOptionsProvider,
    fanoutProvider,
    presenceProvider,
    MessageRelay,
    RealtimeHub,
    RealtimeEventsListener,
    SessionSockets,
  ],
  exports: [MessageRelay, RealtimeHub, SessionSockets],
})
export class RealtimeModule {}
