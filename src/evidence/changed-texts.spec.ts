import { fieldDiff } from '../diffing/field-diff';
import { changedTexts } from './changed-texts';

const price = (amount: number) => ({ amount, currency: 'USD', period: 'month', unit: null, text: `$${amount}/month` });
const fields = (amount: number) => ({
  plans: [{ key: 'pro', name: 'Pro', prices: [price(amount)], features: ['SSO'], cta: 'Start', contact_sales: false, free: false }],
});

describe('changedTexts', () => {
  it('finds an amount through the price that holds it, on each side', () => {
    const diffs = [fieldDiff('updated', 'price_increased', 'plans[pro].prices[month].amount', 'alertable', 49, 59)];
    expect(changedTexts(diffs, 'before', fields(49))).toEqual(['$49/month']);
    expect(changedTexts(diffs, 'after', fields(59))).toEqual(['$59/month']);
  });

  it('takes text values as they are, and names a record by its name', () => {
    const diffs = [
      fieldDiff('removed', 'feature_removed', 'plans[pro].features[gantt charts]', 'alertable', 'Gantt charts', null),
      fieldDiff('added', 'plan_added', 'plans[business]', 'alertable', null, { key: 'business', name: 'Business', prices: [] }),
    ];
    expect(changedTexts(diffs, 'before', fields(49))).toEqual(['Gantt charts']);
    expect(changedTexts(diffs, 'after', fields(49))).toEqual(['Business']);
  });

  it('finds a flag through the record that holds it', () => {
    const diffs = [fieldDiff('updated', 'price_changed', 'plans[pro].free', 'alertable', false, true)];
    expect(changedTexts(diffs, 'after', fields(0))).toEqual(['Pro']);
  });

  it('ignores informational and noise diffs', () => {
    const diffs = [fieldDiff('modified', 'title_changed', 'line_items[gpu].label', 'informational', 'GPU', 'L40S GPU')];
    expect(changedTexts(diffs, 'after', {})).toEqual([]);
  });
});
