import { Global, Module } from '@nestjs/common';
import { ScopedLookup } from './scoped-lookup';

@Global()
@Module({ providers: [ScopedLookup], exports: [ScopedLookup] })
export class ScopingModule {}
