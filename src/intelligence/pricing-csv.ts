import type { PricingMatrixDto } from './dto/pricing-matrix.response';

const COLUMNS = ['competitor', 'plan', 'amount', 'currency', 'period', 'unit', 'features', 'changed_at'];

/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The matrix as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or
 * line break; UTF-8 without BOM): one row per price, one row with empty price columns for a plan
 * without a price. Cells a spreadsheet would run as a formula are prefixed with `'`.
 */
export function pricingMatrixCsv(matrix: PricingMatrixDto): string {
  const rows: string[][] = [COLUMNS];
  for (const competitor of matrix.competitors) {
    for (const plan of competitor.plans) {
      const shared = { features: plan.features.join('; '), changed_at: plan.changed_at ?? '' };
      const prices = plan.prices.length > 0 ? plan.prices : [null];
      for (const price of prices) {
        rows.push([
          competitor.name,
          plan.name,
          price?.amount == null ? '' : String(price.amount),
          price?.currency ?? '',
          price?.period ?? '',
          price?.unit ?? '',
          shared.features,
          shared.changed_at,
        ]);
      }
    }
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
