import { Injectable } from '@nestjs/common';
import type { AccountContext } from '../accounts/account-context';
import { ScopedLookup } from '../scoping/scoped-lookup';
import { apiDigestPlan } from './digest-plan';
import { DigestBuilder } from './digest.builder';
import type { DigestPeriod } from './digest.types';
import type { WorkspaceDigestDto } from './dto/digest.response';

export const DEFAULT_DIGEST_PERIOD: DigestPeriod = '7d';

@Injectable()
export class DigestService {
  constructor(
    private readonly builder: DigestBuilder,
    private readonly scope: ScopedLookup,
  ) {}

  async forWorkspace(account: AccountContext, workspaceId: number, period: DigestPeriod = DEFAULT_DIGEST_PERIOD): Promise<WorkspaceDigestDto> {
    const workspace = await this.scope.workspace(account.accountId, workspaceId);
    const body = await this.builder.build(apiDigestPlan(workspace.id, period, new Date()));
    return { workspace_id: workspace.id, workspace_name: workspace.name, ...body };
  }
}
