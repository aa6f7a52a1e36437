import type { AppConfig } from '../../config/config';

/** Links from a message into the web application (`PUBLIC_BASE_URL` without `/v1`, then `/app/…`). */
export class AppLinks {
  constructor(private readonly base: string) {}

  static from(config: AppConfig): AppLinks {
    return new AppLinks(config.appBaseUrl);
  }

  change(changeId: number): string {
    return `${this.base}/app/changes/${changeId}`;
  }

  digest(workspaceId: number, period?: string): string {
    return `${this.base}/app/workspaces/${workspaceId}/digest${period ? `?period=${period}` : ''}`;
  }

  notificationSettings(workspaceId: number): string {
    return `${this.base}/app/workspaces/${workspaceId}/settings/notifications`;
  }

  unsubscribe(token: string): string {
    return `${this.base}/app/unsubscribe/${token}`;
  }
}
