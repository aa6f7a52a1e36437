import { signedInUser } from '../support/app-agent';
import { insertWorkspace } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

/** Issue 25 item 6: form errors are sentences for people, naming fields as the form labels them, and keep what was typed. */
describe('application form messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  it('asks for the competitor’s homepage URL when it is empty, and keeps a bad URL in the box', async () => {
    const { s, submit } = await signedInUser(t, 'pro', 'urls@example.test');
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
    const path = `/app/workspaces/${workspace.id}/competitors`;
    const empty = await submit(path, path, { url: '' });
    expect(empty.status).toBe(422);
    expect(empty.text).toContain('Enter the competitor&#x27;s homepage URL.');
    expect(empty.text).not.toContain('shorter than or equal');
    const bad = await submit(path, path, { url: 'competitor dot com' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('Homepage URL must be an http or https URL.');
    expect(bad.text).toContain('value="competitor dot com"');
  });

  it('names each notification field as the form labels it, one sentence each', async () => {
    const { s, submit } = await signedInUser(t, 'pro', 'settings@example.test');
    const workspace = await insertWorkspace(t.db, { accountId: s.accountId });
    const path = `/app/workspaces/${workspace.id}/settings/notifications`;
    const res = await submit(path, path, {
      webhook_url: 'https://hooks.example.test/in',
      email_recipients: 'pm@example.test, not-an-address',
      signing_secret: 'short',
      mode: 'realtime',
      realtime_min_severity: 'medium',
    });
    expect(res.status).toBe(422);
    const message = /<p class="flash error" role="alert">([^<]*)<\/p>/.exec(res.text)?.[1];
    expect(message?.split(/(?<=\.) /).sort()).toEqual(['Email recipients: enter up to 20 email addresses, separated by commas.', 'Signing secret: use 16 to 256 characters.']);
    expect(message).not.toMatch(/_/);
    expect(res.text).toContain('value="https://hooks.example.test/in"');

    const slack = await submit(path, path, { slack_webhook_url: 'hooks.slack dot com', mode: 'realtime' });
    expect(slack.status).toBe(422);
    expect(slack.text).toContain('Slack webhook URL: must be an absolute http(s) URL.');

    const none = await submit(path, path, { mode: 'realtime' });
    expect(none.text).toContain('At least one destination is required: Webhook URL, Email recipients, Slack webhook URL, Teams webhook URL or Discord webhook URL.');
  });
});
