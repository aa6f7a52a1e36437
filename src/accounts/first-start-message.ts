/**
 * What the embedded first start prints. The key belongs to the account created here ("Local");
 * signing up in the application creates another account that this key cannot see, so the text
 * says so, and how to reach either one: a key for your own account from its API keys page, or a
 * sign-in to this account with `users:create`.
 */
export function firstStartMessage(o: { accountId: number; accountName: string; apiKey: string; port: number; appBaseUrl: string; signupOpen: boolean }): string {
  const lines = [
    '',
    `First account ${o.accountId} “${o.accountName}” (plan pro). API key, shown once:`,
    '',
    `  ${o.apiKey}`,
    '',
    `Try: curl -H "Authorization: Bearer ${o.apiKey}" http://localhost:${o.port}/v1/workspaces`,
    '',
    `This key opens account ${o.accountId} only. To use this account in the application, give yourself a sign-in:`,
    `  npm run cli -- users:create --account ${o.accountId} --email you@example.com --password <password>`,
    `then sign in at ${o.appBaseUrl}/app/sign-in.`,
  ];
  if (o.signupOpen) {
    lines.push(
      '',
      `Or sign up at ${o.appBaseUrl}/app/sign-up: that creates a separate account, which this key cannot see;`,
      `create its own key under Settings → API keys (${o.appBaseUrl}/app/settings/api-keys).`,
    );
  }
  return `${lines.join('\n')}\n\n`;
}
