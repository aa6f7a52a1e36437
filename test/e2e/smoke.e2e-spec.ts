import { createSession, createTestApp, TestApp } from '../support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates and lists a workspace', async () => {
    const s = await createSession(t);
    const created = await s.post('/workspaces', { name: 'Market' }).expect(201);
    expect(created.body.workspace).toMatchObject({ name: 'Market', slug: 'market' });
    const list = await s.get('/workspaces').expect(200);
    expect(list.body.workspaces).toHaveLength(1);
  });
});
