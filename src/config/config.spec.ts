import { ConfigError, loadConfig } from './config';

describe('TRUST_PROXY', () => {
  it('believes no proxy by default, whatever PUBLIC_BASE_URL says', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://rivalwatch.example/v1' }).trustProxy).toBe(0);
  });

  it('takes a number of hops', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each(['true', '-1', '1.5', 'loopback'])('stops the process on %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(new ConfigError(`TRUST_PROXY must be an integer >= 0, got "${value}"`));
  });
});
