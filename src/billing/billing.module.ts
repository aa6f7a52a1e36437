import { Global, Module } from '@nestjs/common';
import { PlansRepository } from './plans.repository';
import { QuotaService } from './quota.service';
import { RateLimiter } from './rate-limiter';

@Global()
@Module({
  providers: [PlansRepository, QuotaService, RateLimiter],
  exports: [PlansRepository, QuotaService, RateLimiter],
})
export class BillingModule {}
