import { Module } from '@nestjs/common';
import { DigestBuilder } from './digest.builder';
import { DigestController } from './digest.controller';
import { DigestRepository } from './digest.repository';
import { DigestService } from './digest.service';
import { ThemesService } from './themes.service';

@Module({
  controllers: [DigestController],
  exports: [DigestBuilder, DigestService, ThemesService],
  providers: [DigestBuilder, DigestRepository, DigestService, ThemesService],
})
export class DigestModule {}
