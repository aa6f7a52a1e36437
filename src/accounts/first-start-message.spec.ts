import { firstStartMessage } from './first-start-message';

describe('firstStartMessage', () => {
  const base = { accountId: 1, accountName: 'Local', apiKey: 'rw_live_abc', port: 3000, appBaseUrl: 'http://localhost:3000', signupOpen: true };

  it('says which account the key opens and how to sign in to it', () => {
    const text = firstStartMessage(base);
    expect(text).toContain('First account 1 “Local” (plan pro). API key, shown once:\n\n  rw_live_abc');
    expect(text).toContain('This key opens account 1 only.');
    expect(text).toContain('npm run cli -- users:create --account 1 --email you@example.com --password <password>');
  });

  it('warns that a signed-up account is separate and where its own key comes from', () => {
    expect(firstStartMessage(base)).toContain(
      'Or sign up at http://localhost:3000/app/sign-up: that creates a separate account, which this key cannot see;\n' +
        'create its own key under Settings → API keys (http://localhost:3000/app/settings/api-keys).',
    );
    expect(firstStartMessage({ ...base, signupOpen: false })).not.toContain('sign-up');
  });
});
