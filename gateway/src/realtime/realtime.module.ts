import { Global, Module } from '@nestjs/common';
import { fanoutProvider, presenceProvider } from './fanout/fanout.provider.js';
import { MessageRelay } from './message-relay.service.js';
import { realtimeOptionsProvider } from './realtime.options.js';
import { SocketConnections } from './connections.js';
import { Delivery } from './delivery.js';
import { FrameRouter } from './frames.js';
import { JoinHandler } from './join.js';
import { ReplayBudget } from './replay-budget.js';
import { PresenceTracker } from './presence.js';
import { OnlineCounts } from './online-counts.js';
import { PresenceSubscriptions } from './presence-subscriptions.js';
import { RealtimeEventsListener } from './realtime-events.listener.js';
import { SessionSockets } from './session-sockets.js';
import { SocketEvictions } from './socket-evictions.js';
import { ChannelRevocations } from './channel-revocations.js';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * The live socket at /ws (RealtimeGateway), in parts: SocketConnections (each socket from connect to close, its
 * workspace, the heartbeat, the node's read bound), FrameRouter (the one place client frames are routed, and the
 * `message` and `typing` handlers), JoinHandler (join and replay), Delivery (the one push path of every server frame,
 * on every node), PresenceTracker (online and offline), PresenceSubscriptions (who each socket watches the presence
 * of), OnlineCounts (the workspace's online count), SocketEvictions (removed members' sockets, on every node) and
 * ChannelRevocations (those who left a private channel hear none of it, on every node);
 * MessageRelay is the message path HTTP shares with the socket.
 */
@Global()
@Module({
  providers: [
    RealtimeGateway,
    realtimeOptionsProvider,
    fanoutProvider,
    presenceProvider,
    MessageRelay,
    SocketConnections,
    FrameRouter,
    JoinHandler,
    ReplayBudget,
    Delivery,
    PresenceTracker,
    PresenceSubscriptions,
    OnlineCounts,
    RealtimeEventsListener,
    SessionSockets,
    SocketEvictions,
    ChannelRevocations,
  ],
  exports: [MessageRelay, Delivery, SocketConnections, SessionSockets, SocketEvictions],
})
export class RealtimeModule {}
