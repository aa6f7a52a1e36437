import { Injectable } from '@nestjs/common';
import { notFound } from '../../../common/errors';
import { EmailRecipientsRepository } from './email-recipients.repository';
import { UnsubscribeTokens, type UnsubscribeClaim } from './unsubscribe-tokens.service';

/** What an unsubscribe link is about: the address, and the workspace's name while the address is one of its recipients. */
export interface UnsubscribeTarget {
  email: string;
  workspaceName: string | null;
}

/** The unsubscribe links of emails: the signed token is the authorisation (no sign-in). */
@Injectable()
export class Unsubscribes {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly recipients: EmailRecipientsRepository,
  ) {}

  /** 404 not_found for a token that is not ours. */
  async describe(token: string): Promise<UnsubscribeTarget> {
    return (await this.lookUp(token)).target;
  }

  /** Removes the address from the workspace's recipients; the target as it was before. */
  async unsubscribe(token: string): Promise<UnsubscribeTarget> {
    const { claim, target } = await this.lookUp(token);
    if (target.workspaceName !== null) await this.recipients.remove(claim.workspaceId, claim.email);
    return target;
  }

  private async lookUp(token: string): Promise<{ claim: UnsubscribeClaim; target: UnsubscribeTarget }> {
    const claim = await this.tokens.verify(token);
    if (!claim) throw notFound('unsubscribe link');
    const recipient = await this.recipients.find(claim.workspaceId, claim.email);
    return { claim, target: { email: claim.email, workspaceName: recipient?.workspace_name ?? null } };
  }
}
