import { Controller } from '@nestjs/common';
import { Routes, WorkspaceContracts } from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { parsePathParam, Route, RouteBody, RouteParam } from '../http/route-table.js';
import { Actor, type RequestActor } from '../auth/actor.js';
import { SocketEvictions } from '../realtime/socket-evictions.js';
import { ChangesActors } from '../auth/changes-actors.js';

const { switchWorkspace, removeMember } = Routes;

/**
 * Switching answers 404 for an id that cannot be a workspace, and removing a member closes their sockets on every
 * node, so both are answered here; creating, listing and the logo forward (route table).
 */
@Controller()
export class WorkspacesController {
  constructor(
    private readonly bus: BusClient,
    private readonly evictions: SocketEvictions,
  ) {}

  @Route(switchWorkspace)
  @ChangesActors()
  switch(@RouteBody(switchWorkspace) body: { workspaceId: string }, @Actor() actor: RequestActor) {
    // an id that cannot be a workspace is answered like the logo route's {workspaceId}: 404, lower-cased otherwise
    const workspaceId = parsePathParam(Routes.updateWorkspaceImage.params.workspaceId, body.workspaceId);
    return this.bus.request(WorkspaceContracts.switch, { actor, workspaceId });
  }

  @Route(removeMember)
  @ChangesActors('userId')
  async removeMember(
    @RouteParam(removeMember, 'workspaceId') workspaceId: string,
    @RouteParam(removeMember, 'userId') userId: string,
    @Actor() actor: RequestActor,
  ) {
    const removed = await this.bus.request(WorkspaceContracts.removeMember, { actor, workspaceId, userId });
    await this.evictions.evict(userId, workspaceId);
    return removed;
  }
}
