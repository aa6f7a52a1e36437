import type { CompetitorProfileResponse } from '../../intelligence/dto/competitor-profile.response';
import { type PricingMatrixResponse, toPricingMatrixDto } from '../../intelligence/dto/pricing-matrix.response';
import type { IntelligenceService } from '../../intelligence/intelligence.service';
import { planPriceLabel } from '../../intelligence/price-label';
import { CompetitorInput, WorkspaceInput } from '../dto/tool-inputs.dto';
import { ARGUMENTS } from '../schemas/arguments';
import { OUTPUT_SCHEMAS } from '../schemas/output-schemas';
import { McpTool, objectSchema, tool } from '../tool';
import { bullets, counted, day, oneLine } from './text';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false };

type Plan = CompetitorProfileResponse['profile']['plans'][number];

/** "Pro: 59 USD per month per user (changed 2026-11-20)" */
const planText = (plan: Plan) => `${oneLine(plan.name)}: ${oneLine(planPriceLabel(plan))}${plan.changed_at ? ` (changed ${day(plan.changed_at)})` : ''}`;

function profileText({ profile }: CompetitorProfileResponse): string {
  const range = profile.price_range;
  const lines = [
    `${oneLine(profile.name)} (${profile.homepage_url})${profile.headline ? `: "${oneLine(profile.headline)}"` : ''}`,
    `Price range: ${range ? `${range.min === range.max ? range.min : `${range.min} to ${range.max}`} ${range.currency} per month` : 'no priced plan'}; ` +
      `plans: ${profile.plans.map(planText).join('; ') || 'no pricing captured yet'}.`,
    `Last 90 days: ${counted(profile.releases_last_90_days, 'release')} (latest ${day(profile.last_release_at)}), ` +
      `${counted(profile.posts_last_90_days, 'blog post')} (latest ${day(profile.last_post_at)}); ${counted(profile.surfaces.length, 'watched page')}.`,
  ];
  const [latest] = profile.recent_changes;
  if (latest) lines.push(`Latest change: [${latest.severity}] ${latest.monitor_type}: ${oneLine(latest.summary)} (change ${latest.id}, ${day(latest.created_at)})`);
  return lines.join('\n');
}

export function intelligenceTools(intelligence: IntelligenceService): McpTool[] {
  return [
    tool<WorkspaceInput, PricingMatrixResponse>({
      name: 'get_pricing_matrix',
      title: 'Pricing matrix',
      description:
        "Every competitor's plans side by side, read from the latest capture of their pricing page: each plan's prices (amount, currency, period, unit), " +
        'features, free or contact-sales flags, and changed_at, when a change last touched the plan. Use it to compare prices or answer "who charges what?". ' +
        'Same as GET /v1/workspaces/{workspace_id}/pricing_matrix.',
      inputSchema: objectSchema({ workspace_id: ARGUMENTS.workspace_id }, ['workspace_id']),
      outputSchema: OUTPUT_SCHEMAS.pricingMatrix,
      annotations: READ_ONLY,
      input: WorkspaceInput,
      run: async (account, input) => ({ pricing_matrix: toPricingMatrixDto(await intelligence.pricingMatrix(account, input.workspace_id)) }),
      text: ({ pricing_matrix: matrix }) =>
        matrix.competitors.length === 0
          ? `No pricing page captured yet in workspace ${matrix.workspace_id}.`
          : `Pricing of ${counted(matrix.competitors.length, 'competitor')} as of ${day(matrix.as_of)}:\n` +
            bullets(matrix.competitors.map((c) => `${oneLine(c.name)}: ${c.plans.map(planText).join('; ') || 'no plans read'}`)),
    }),
    tool<CompetitorInput, CompetitorProfileResponse>({
      name: 'get_competitor_profile',
      title: 'Competitor profile',
      description:
        'A competitor at a glance (a battlecard): homepage headline, plans and monthly price range, the 10 newest changes, how many releases and blog posts ' +
        'it published in the last 90 days, and the pages watched. Use it to brief someone on one competitor. Same as GET /v1/competitors/{competitor_id}/profile.',
      inputSchema: objectSchema({ competitor_id: ARGUMENTS.competitor_id }, ['competitor_id']),
      outputSchema: OUTPUT_SCHEMAS.profile,
      annotations: READ_ONLY,
      input: CompetitorInput,
      run: async (account, input) => ({ profile: await intelligence.profile(account, input.competitor_id) }),
      text: profileText,
    }),
  ];
}
