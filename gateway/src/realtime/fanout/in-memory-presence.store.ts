import type { Connected, PresenceStore } from './presence.store.js';

/** One gateway node (standalone): socket counts per workspace and user in this process. */
export class InMemoryPresenceStore implements PresenceStore {
  private readonly counts = new Map<string, Map<string, number>>();

  connect(workspaceId: string, userId: string): Promise<Connected> {
    const users = this.counts.get(workspaceId) ?? new Map<string, number>();
    this.counts.set(workspaceId, users);
    const n = (users.get(userId) ?? 0) + 1;
    users.set(userId, n);
    return Promise.resolve({ first: n === 1, count: users.size });
  }

  disconnect(workspaceId: string, userId: string): Promise<boolean> {
    const users = this.counts.get(workspaceId);
    const n = (users?.get(userId) ?? 0) - 1;
    if (n > 0) {
      users!.set(userId, n);
      return Promise.resolve(false);
    }
    users?.delete(userId);
    if (users?.size === 0) this.counts.delete(workspaceId);
    return Promise.resolve(true);
  }

  online(workspaceId: string): Promise<string[]> {
    return Promise.resolve([...(this.counts.get(workspaceId)?.keys() ?? [])]);
  }

  onlineOf(workspaceId: string, userIds: readonly string[]): Promise<string[]> {
    const users = this.counts.get(workspaceId);
    return Promise.resolve(users ? userIds.filter((id) => users.has(id)) : []);
  }

  count(workspaceId: string): Promise<number> {
    return Promise.resolve(this.counts.get(workspaceId)?.size ?? 0);
  }

  onChange(): void {
    // one process holds every socket: nothing can die behind its back
  }

  start(): Promise<void> {
    // nothing to keep alive
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
