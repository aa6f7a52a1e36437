import { detectBotProtection } from './bot-protection';

const headers = (h: Record<string, string> = {}) => ({ get: (name: string) => h[name] ?? null });
const filler = '<p>Plans for every team. Compare features and pick the one that fits.</p>'.repeat(400);

describe('detectBotProtection', () => {
  it('recognises a Cloudflare managed challenge by its header on any status', () => {
    expect(detectBotProtection(403, headers({ 'cf-mitigated': 'challenge' }), '')).toBe('Cloudflare challenge');
    expect(detectBotProtection(200, headers({ 'cf-mitigated': 'challenge' }), '')).toBe('Cloudflare challenge');
  });

  it('recognises Cloudflare interstitials by server and body on blocking statuses', () => {
    const server = headers({ server: 'cloudflare' });
    expect(detectBotProtection(503, server, '<title>Just a moment...</title>')).toBe('Cloudflare challenge');
    expect(detectBotProtection(403, server, 'Checking your browser before accessing example.com')).toBe('Cloudflare challenge');
    expect(detectBotProtection(403, headers(), '<title>Attention Required! | Cloudflare</title>')).toBe('Cloudflare challenge');
    expect(detectBotProtection(403, headers(), '<script>window._cf_chl_opt={cvId:"3"}</script>')).toBe('Cloudflare challenge');
  });

  it('recognises other vendors’ interstitials', () => {
    expect(detectBotProtection(403, headers(), '<script src="https://ct.captcha-delivery.com/c.js"></script>')).toBe('DataDome captcha');
    expect(detectBotProtection(403, headers({ 'x-datadome': 'protected' }), '')).toBe('DataDome captcha');
    expect(detectBotProtection(403, headers(), '<div id="px-captcha"></div>')).toBe('PerimeterX captcha');
    expect(detectBotProtection(200, headers(), '<iframe>Request unsuccessful. Incapsula incident ID: 123</iframe>')).toBe('Imperva challenge');
    expect(detectBotProtection(202, headers({ 'x-amzn-waf-action': 'challenge' }), '')).toBe('AWS WAF challenge');
  });

  it('recognises a generic captcha interstitial', () => {
    const body = '<html><head><title>Verify you are human</title></head><body><div class="g-recaptcha" data-sitekey="x"></div></body></html>';
    expect(detectBotProtection(429, headers(), body)).toBe('captcha interstitial');
    expect(detectBotProtection(200, headers(), body)).toBe('captcha interstitial');
  });

  it('leaves ordinary pages alone, including ones that carry protection scripts', () => {
    const cfInjected = `<html><head><title>Pricing</title></head><body>${filler}<script>(function(){var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js'})();</script></body></html>`;
    expect(detectBotProtection(200, headers({ server: 'cloudflare' }), cfInjected)).toBeNull();
    const contactForm = `<html><head><title>Contact us</title></head><body>${filler}<form><div class="g-recaptcha"></div></form></body></html>`;
    expect(detectBotProtection(200, headers(), contactForm)).toBeNull();
    const incapsula = `<html><body>${filler}<script src="/_Incapsula_Resource?SWJIYLWA=719d34"></script></body></html>`;
    expect(detectBotProtection(200, headers(), incapsula)).toBeNull();
    expect(detectBotProtection(200, headers(), '<p>We use Cloudflare. Just a moment... while we explain.</p>')).toBeNull();
  });

  it('leaves a plain 403 or 503 from a non-protected origin to the status', () => {
    expect(detectBotProtection(403, headers({ server: 'nginx' }), '<h1>403 Forbidden</h1>')).toBeNull();
    expect(detectBotProtection(503, headers({ server: 'cloudflare' }), '<h1>Service Unavailable</h1>')).toBeNull();
  });
});
