import type { ThrottlerStorage } from '@nestjs/throttler';

/** What a throttler storage's `increment` resolves to (`@nestjs/throttler` does not export the type from its root). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;
