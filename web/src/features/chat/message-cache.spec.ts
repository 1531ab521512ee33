import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { UnreadCount } from '@teamchat/contracts';
import { chatKeys } from './api.js';
import { incrementUnread } from './message-cache.js';

const DM = '22222222-2222-4222-8222-222222222222';

describe(incrementUnread.name, () => {
  it('counts one more unread message in a channel', () => {
    const qc = new QueryClient();
    qc.setQueryData<UnreadCount[]>(chatKeys.unread, [{ channelId: DM, count: 2 }]);
    incrementUnread(qc, DM);
    expect(qc.getQueryData(chatKeys.unread)).toEqual([{ channelId: DM, count: 3 }]);
  });

  it('asks again for counts already being fetched, whose answer predates the message', async () => {
    const qc = new QueryClient();
    const answers: ((counts: UnreadCount[]) => void)[] = [];
    const fetched = () => new Promise<UnreadCount[]>((resolve) => answers.push(resolve));
    const settled = () => new Promise((r) => setTimeout(r, 0));
    // the sidebar's counts, shown (an observer) and loaded
    const observer = new QueryObserver(qc, { queryKey: chatKeys.unread, queryFn: fetched, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    await settled();
    answers[0]!([]);
    await settled();
    // a refetch after a read mark, asked before the DM's message was stored
    void qc.invalidateQueries({ queryKey: chatKeys.unread });
    await settled();
    expect(answers).toHaveLength(2);
    incrementUnread(qc, DM);
    await settled();
    expect(answers).toHaveLength(3);
    // the answer asked before the message is dropped for the one asked after it
    answers[1]!([]);
    answers[2]!([{ channelId: DM, count: 1 }]);
    await settled();
    expect(qc.getQueryData(chatKeys.unread)).toEqual([{ channelId: DM, count: 1 }]);
    unsubscribe();
  });
});
