import { connectionView } from './connection-view.js';

describe(connectionView.name, () => {
  it('is connected while the socket is open, whatever the browser says of its network', () => {
    expect(connectionView('open', true, true)).toBe('connected');
    expect(connectionView('open', true, false)).toBe('connected');
  });

  it('reports nothing while the first connection is being made', () => {
    expect(connectionView('idle', false, true)).toBe('starting');
    expect(connectionView('connecting', false, true)).toBe('starting');
  });

  it('is reconnecting once a connection has opened or failed, and offline without a network', () => {
    expect(connectionView('closed', true, true)).toBe('reconnecting');
    expect(connectionView('connecting', true, true)).toBe('reconnecting');
    expect(connectionView('closed', true, false)).toBe('offline');
    expect(connectionView('connecting', false, false)).toBe('offline');
  });

  it('leaves an ended session to the login page', () => {
    expect(connectionView('ended', true, true)).toBe('ended');
  });
});
