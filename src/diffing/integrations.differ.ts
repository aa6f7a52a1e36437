import type { IntegrationsFields } from '../capture/capture.types';
import type { FieldDiff } from './diff.types';
import { at, fieldDiff } from './field-diff';
import { diffTextSets, shownText } from './keyed-set';

/** Integrations directories: every integration listed or delisted is alertable. */
export function diffIntegrations(before: IntegrationsFields, after: IntegrationsFields): FieldDiff[] {
  const set = diffTextSets(before.integrations, after.integrations);
  return [
    ...set.added.map(({ key, item }) =>
      fieldDiff('added', 'integration_added', at('integrations', key), 'alertable', null, shownText(item)),
    ),
    ...set.removed.map(({ key, item }) =>
      fieldDiff('removed', 'integration_removed', at('integrations', key), 'alertable', shownText(item), null),
    ),
  ];
}
