import { randomUUID } from 'node:crypto';
import { IdentityContracts, RealtimeEvents, WorkspaceContracts, WorkspaceEvents } from '@teamchat/contracts';
import { ContractViolation, FakeBus } from './fake-bus.js';

describe(FakeBus.name, () => {
  const workspaceId = randomUUID();
  const userId = randomUUID();
  let bus: FakeBus;

  beforeEach(() => {
    bus = new FakeBus();
  });

  describe('request', () => {
    it('answers through the reply registered for the contract and records the request', async () => {
      bus.reply(WorkspaceContracts.getMember, (request) => ({ ...request, role: 'admin' as const }));
      await expect(bus.request(WorkspaceContracts.getMember, { workspaceId, userId })).resolves.toEqual({
        workspaceId,
        userId,
        role: 'admin',
      });
      expect(bus.requests).toEqual([{ subject: 'workspace.member.get', payload: { workspaceId, userId } }]);
      expect(bus.requestsTo(WorkspaceContracts.getMember)).toEqual([{ workspaceId, userId }]);
      expect(() => bus.verify()).not.toThrow();
    });

    it('fails on a reply that breaks the contract, also when the caller swallows the failure', async () => {
      bus.reply(WorkspaceContracts.entitlement, (request) => ({ ...request, writableUntil: 'tomorrow' }));
      await expect(bus.request(WorkspaceContracts.entitlement, { workspaceId })).rejects.toThrow(
        /reply to workspace\.entitlement\.get breaks its contract: writableUntil: /,
      );
      // best-effort callers catch and log; the breach still fails the test
      await bus.request(WorkspaceContracts.entitlement, { workspaceId }).catch(() => undefined);
      expect(() => bus.verify()).toThrow(ContractViolation);
      expect(bus.violations).toHaveLength(2);
    });

    it('fails on a request that breaks the contract without asking the reply', async () => {
      let asked = false;
      bus.reply(WorkspaceContracts.getMember, (request) => {
        asked = true;
        return { ...request, role: 'member' as const };
      });
      await expect(bus.request(WorkspaceContracts.getMember, { workspaceId, userId: 'bob' })).rejects.toThrow(
        /request workspace\.member\.get breaks its contract: userId: /,
      );
      expect(asked).toBe(false);
      expect(bus.violations).toHaveLength(1);
    });

    it('fails on a request nobody answers', async () => {
      await expect(bus.request(IdentityContracts.getMany, { userIds: [] })).rejects.toThrow(
        'request identity.user.get-many has no reply registered',
      );
    });

    it("passes the peer's refusal through as it was thrown", async () => {
      const refusal = new Error('Member not found');
      bus.reply(WorkspaceContracts.getMember, () => {
        throw refusal;
      });
      await expect(bus.request(WorkspaceContracts.getMember, { workspaceId, userId })).rejects.toBe(refusal);
      expect(bus.violations).toEqual([]);
    });
  });

  describe('emit', () => {
    const frame = { type: 'settings', workspaceId, change: 'seats' } as const;

    it('records the event as JSON', async () => {
      await bus.emit(RealtimeEvents.workspaceBroadcast, { workspaceId, frame, userIds: undefined });
      expect(bus.events).toEqual([{ subject: 'realtime.workspace.broadcast', payload: { workspaceId, frame } }]);
      expect(bus.eventsOf(RealtimeEvents.workspaceBroadcast)).toEqual([{ workspaceId, frame }]);
    });

    it('fails on a payload that breaks the contract and records nothing', async () => {
      await expect(bus.emit(RealtimeEvents.workspaceBroadcast, { workspaceId: 'nope', frame })).rejects.toThrow(
        ContractViolation,
      );
      expect(bus.events).toEqual([]);
    });

    it('fails the next emit of a contract when asked to, once', async () => {
      bus.failNextEmit(RealtimeEvents.workspaceBroadcast, new Error('bus down'));
      await expect(bus.emit(RealtimeEvents.workspaceBroadcast, { workspaceId, frame })).rejects.toThrow('bus down');
      await bus.emit(RealtimeEvents.workspaceBroadcast, { workspaceId, frame });
      expect(bus.events).toHaveLength(1);
      expect(bus.violations).toEqual([]);
    });
  });

  describe('outboxPublisher', () => {
    const event = (subject: string, payload: unknown) => ({
      id: randomUUID(),
      subject,
      payload,
      headers: {},
      createdAt: new Date(),
    });

    it('records relayed events of the given contracts and refuses any other subject', async () => {
      const publisher = bus.outboxPublisher(Object.values(WorkspaceEvents));
      const added = { workspaceId, userId, role: 'member' };
      await publisher.publish(event(WorkspaceEvents.memberAdded.subject, added));
      expect(bus.eventsOf(WorkspaceEvents.memberAdded)).toEqual([added]);
      await expect(publisher.publish(event('billing.seats.changed', {}))).rejects.toThrow(ContractViolation);
      await expect(
        publisher.publish(event(WorkspaceEvents.memberRemoved.subject, { ...added, role: 'owner' })),
      ).rejects.toThrow(ContractViolation);
      expect(bus.violations).toHaveLength(2);
    });
  });

  it('forgets what it saw on clear but keeps its replies', async () => {
    bus.reply(WorkspaceContracts.listMembers, () => []);
    await bus.request(WorkspaceContracts.listMembers, { workspaceId });
    bus.clear();
    expect(bus.requests).toEqual([]);
    await expect(bus.request(WorkspaceContracts.listMembers, { workspaceId })).resolves.toEqual([]);
  });
});
