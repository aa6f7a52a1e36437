import type { PricingMatrixDto } from './dto/pricing-matrix.response';
import { pricingMatrixCsv } from './pricing-csv';

const matrix = (plans: PricingMatrixDto['competitors'][number]['plans'], name = 'Acme'): PricingMatrixDto => ({
  workspace_id: 1,
  as_of: '2026-11-25T00:00:00.000Z',
  competitors: [{ competitor_id: 3, name, monitor_id: 12, source_url: 'https://acme.example/pricing', captured_at: '2026-11-24T00:00:00.000Z', plans }],
});

describe('pricingMatrixCsv', () => {
  it('writes the header and one row per price, features joined with "; ", CRLF line ends', () => {
    const csv = pricingMatrixCsv(
      matrix([
        {
          name: 'Pro',
          prices: [
            { amount: 49, currency: 'USD', period: 'month', unit: 'per user', },
            { amount: 470, currency: 'USD', period: 'year', unit: 'per user' },
          ],
          features: ['Unlimited projects', 'Priority support'],
          free: false,
          contact_sales: false,
          changed_at: '2026-11-20T09:00:00.000Z',
        },
      ]),
    );
    expect(csv).toBe(
      'competitor,plan,amount,currency,period,unit,features,changed_at\r\n' +
        'Acme,Pro,49,USD,month,per user,Unlimited projects; Priority support,2026-11-20T09:00:00.000Z\r\n' +
        'Acme,Pro,470,USD,year,per user,Unlimited projects; Priority support,2026-11-20T09:00:00.000Z\r\n',
    );
  });

  it('gives a plan without a price one row with empty price columns', () => {
    const csv = pricingMatrixCsv(matrix([{ name: 'Enterprise', prices: [], features: ['SSO'], free: false, contact_sales: true, changed_at: null }]));
    expect(csv.split('\r\n')[1]).toBe('Acme,Enterprise,,,,,SSO,');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    const csv = pricingMatrixCsv(matrix([{ name: 'Team, "annual"', prices: [], features: ['a\nb'], free: false, contact_sales: false, changed_at: null }]));
    expect(csv.split('\r\n').slice(1).join('\r\n')).toBe('Acme,"Team, ""annual""",,,,,"a\nb",\r\n');
  });

  it("prefixes cells a spreadsheet would run as a formula with '", () => {
    const csv = pricingMatrixCsv(
      matrix([{ name: '=HYPERLINK("http://evil")', prices: [], features: ['+1 seat', '@mention'], free: false, contact_sales: false, changed_at: null }], '-Evil'),
    );
    expect(csv.split('\r\n')[1]).toBe(`'-Evil,"'=HYPERLINK(""http://evil"")",,,,,'+1 seat; @mention,`);
  });
});
