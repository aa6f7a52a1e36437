import { All, Controller, Module, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AccountsModule } from '../accounts/accounts.module';
import { DomainError, ErrorCode } from '../common/errors';
import { Public } from '../common/public.decorator';
import { ChangesModule } from '../changes/changes.module';
import { CompetitorsModule } from '../competitors/competitors.module';
import { DigestModule } from '../digest/digest.module';
import { EvidenceModule } from '../evidence/evidence.module';
import { IntelligenceModule } from '../intelligence/intelligence.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { UsersModule } from '../users/users.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { ActionLimitGuard } from './action-limit';
import { AppExceptionFilter } from './app-exception.filter';
import { AuthPage } from './auth.page';
import { ChangesPage } from './changes.page';
import { CompetitorProfilePage } from './competitor-profile.page';
import { CompetitorsPage } from './competitors.page';
import { CompetitorsView } from './competitors.view';
import { DigestPage } from './digest.page';
import { LogosPage } from './logos.page';
import { MonitorsPage } from './monitors.page';
import { PasswordResetPage } from './password-reset.page';
import { PricingPage } from './pricing.page';
import { SettingsPage } from './settings.page';
import { UnsubscribePage } from './unsubscribe.page';
import { SignedInGuard } from './viewer';
import { WorkspacesPage } from './workspaces.page';

/** Any other /app path: a readable 404 page. Registered last. */
@ApiExcludeController()
@Public()
@UseFilters(AppExceptionFilter)
@Controller('app')
export class AppNotFoundPage {
  @All('{*path}')
  notFound(): never {
    throw new DomainError(ErrorCode.NotFound, 'page not found');
  }
}

/**
 * The web application under /app (DESIGN §5a): server-rendered pages over the same feature
 * services as the REST controllers; no business logic here. HTTP set-up: web-setup.ts.
 */
@Module({
  imports: [AccountsModule, ChangesModule, CompetitorsModule, DigestModule, EvidenceModule, IntelligenceModule, MonitorsModule, UsersModule, WebhooksModule, WorkspacesModule],
  controllers: [AuthPage, PasswordResetPage, WorkspacesPage, ChangesPage, CompetitorsPage, MonitorsPage, CompetitorProfilePage, DigestPage, PricingPage, LogosPage, SettingsPage, UnsubscribePage, AppNotFoundPage],
  providers: [ActionLimitGuard, CompetitorsView, SignedInGuard],
})
export class WebAppModule {}
