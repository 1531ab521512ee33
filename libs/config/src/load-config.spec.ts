import { ConfigError, parseEnv } from './load-config.js';
import { listenOrigin, siteOrigin } from './site-origin.js';

describe('parseEnv', () => {
  describe('for a process that serves the site', () => {
    const site = { servesSite: true };

    it('refuses production without PUBLIC_URL, naming the variable', () => {
      expect(() => parseEnv({ NODE_ENV: 'production' }, {}, site)).toThrow(ConfigError);
      expect(() => parseEnv({ NODE_ENV: 'production' }, {}, site)).toThrow(/PUBLIC_URL must be set in production/);
      // an empty value is no value
      expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: '' }, {}, site)).toThrow(/PUBLIC_URL/);
    });

    it('takes production with PUBLIC_URL, and development without it', () => {
      expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://chat.example.com' }, {}, site).PUBLIC_URL).toBe(
        'https://chat.example.com',
      );
      expect(parseEnv({ NODE_ENV: 'development' }, {}, site).PUBLIC_URL).toBeUndefined();
    });
  });

  it('does not ask a service process (which builds no links) for PUBLIC_URL', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
  });
});

describe('siteOrigin', () => {
  it('is PUBLIC_URL’s origin when set, else where the gateway listens, as a browser on this machine reaches it', () => {
    expect(siteOrigin({ PUBLIC_URL: 'https://chat.example.com/app', HOST: '0.0.0.0' }, 3000)).toBe(
      'https://chat.example.com',
    );
    expect(siteOrigin({ HOST: '0.0.0.0' }, 3000)).toBe('http://localhost:3000');
    expect(listenOrigin('::', 3001)).toBe('http://localhost:3001');
    expect(listenOrigin('10.0.0.7', 80)).toBe('http://10.0.0.7');
    expect(listenOrigin('fd00::5', 3000)).toBe('http://[fd00::5]:3000');
  });
});
