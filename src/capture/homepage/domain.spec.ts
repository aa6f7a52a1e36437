import { domainLabel, isSameSite, registrableDomain, subdomainLabel } from './domain';

describe('registrableDomain', () => {
  it('keeps the last two labels of an ordinary host', () => {
    expect(registrableDomain('docs.eu.acme.com')).toBe('acme.com');
  });

  it('keeps three labels under a two-level public suffix', () => {
    expect(registrableDomain('help.acme.co.uk')).toBe('acme.co.uk');
    expect(registrableDomain('www.acme.com.au')).toBe('acme.com.au');
  });

  it('leaves IP addresses and single-label hosts as they are', () => {
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(registrableDomain('localhost')).toBe('localhost');
  });
});

describe('isSameSite', () => {
  const site = new URL('https://www.acme.co.uk/');

  it('accepts the apex, www and subdomains of the same registrable domain', () => {
    expect(isSameSite(new URL('https://acme.co.uk/pricing'), site)).toBe(true);
    expect(isSameSite(new URL('https://docs.acme.co.uk/'), site)).toBe(true);
  });

  it('refuses other companies under the same public suffix and look-alike hosts', () => {
    expect(isSameSite(new URL('https://other.co.uk/pricing'), site)).toBe(false);
    expect(isSameSite(new URL('https://acme.co.uk.evil.test/'), site)).toBe(false);
  });

  it('treats another port on the same IP as another site', () => {
    const local = new URL('http://127.0.0.1:4100/');
    expect(isSameSite(new URL('http://127.0.0.1:4100/pricing'), local)).toBe(true);
    expect(isSameSite(new URL('http://127.0.0.1:4200/pricing'), local)).toBe(false);
  });
});

describe('subdomainLabel and domainLabel', () => {
  it('names the dedicated subdomain, ignoring www', () => {
    expect(subdomainLabel('docs.acme.test')).toBe('docs');
    expect(subdomainLabel('www.acme.test')).toBeNull();
    expect(subdomainLabel('acme.test')).toBeNull();
  });

  it('reads the brand label of a host', () => {
    expect(domainLabel('www.joplinapp.org')).toBe('joplinapp');
    expect(domainLabel('shop.acme.co.uk')).toBe('acme');
  });
});
