import { footerStatus } from './FooterStatus.js';

describe(footerStatus.name, () => {
  it('says STATUS ACTIVE only when connected and online', () => {
    expect(footerStatus('connected', 'online')).toEqual({ text: 'STATUS ACTIVE', tone: 'active' });
    expect(footerStatus('starting', 'online')).toEqual({ text: 'STATUS ACTIVE', tone: 'active' });
  });

  it('names the chosen status otherwise: Do Not Disturb, a meeting, a break', () => {
    expect(footerStatus('connected', 'dnd')).toEqual({ text: 'STATUS DO NOT DISTURB', tone: 'busy' });
    expect(footerStatus('connected', 'in-meeting')).toEqual({ text: 'STATUS IN MEETING', tone: 'busy' });
    expect(footerStatus('connected', 'coffee-break')).toEqual({ text: 'STATUS COFFEE BREAK', tone: 'away' });
    expect(footerStatus('connected', 'offline')).toEqual({ text: 'STATUS OFFLINE', tone: 'offline' });
  });

  it('puts a dropped connection before any chosen status', () => {
    expect(footerStatus('reconnecting', 'dnd').text).toBe('STATUS RECONNECTING…');
    expect(footerStatus('offline', 'online').text).toBe('STATUS OFFLINE');
  });
});
