import { diffIntegrations } from './integrations.differ';

describe('diffIntegrations', () => {
  it('reports integrations listed and delisted, ignoring order', () => {
    const diffs = diffIntegrations({ integrations: ['Slack', 'GitHub', 'Jira'] }, { integrations: ['Jira', 'Salesforce', 'Slack'] });
    expect(diffs).toEqual([
      { op: 'added', change_type: 'integration_added', path: 'integrations[Salesforce]', tier: 'alertable', old: null, new: 'Salesforce' },
      { op: 'removed', change_type: 'integration_removed', path: 'integrations[GitHub]', tier: 'alertable', old: 'GitHub', new: null },
    ]);
  });
});
