import { Module } from '@nestjs/common';
import { DigestBuilder } from './digest.builder';
import { DigestController } from './digest.controller';
import { DigestRepository } from './digest.repository';
import { DigestService } from './digest.service';

@Module({
  controllers: [DigestController],
  exports: [DigestBuilder, DigestService],
  providers: [DigestBuilder, DigestRepository, DigestService],
})
export class DigestModule {}
