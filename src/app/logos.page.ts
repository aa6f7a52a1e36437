import { Controller, Get, Param, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { LogosService } from '../competitors/logos.service';
import { AppExceptionFilter } from './app-exception.filter';
import { CurrentViewer, SignedInGuard, Viewer } from './viewer';

/** Rows with `logo`: the path of their competitor's stored logo, or null for the placeholder. */
export async function withLogos<T extends object>(
  logos: LogosService,
  rows: T[],
  competitorOf: (row: T) => number,
): Promise<(T & { logo: string | null })[]> {
  const stored = await logos.storedAmong(rows.map(competitorOf));
  return rows.map((row) => ({ ...row, logo: stored.has(competitorOf(row)) ? `/app/logos/${competitorOf(row)}` : null }));
}

/**
 * Competitors' logos as the service stored them at discovery (DESIGN §5g), for the viewer's
 * account only. Meant for `<img>`: opened on its own, an SVG gets no script, no origin and no page.
 */
@ApiExcludeController()
@Public()
@UseGuards(SignedInGuard)
@UseFilters(AppExceptionFilter)
@Controller('app/logos')
export class LogosPage {
  constructor(private readonly logos: LogosService) {}

  @Get(':id')
  async logo(@Res() res: Response, @CurrentViewer() viewer: Viewer, @Param('id', ParseIdPipe) id: number): Promise<void> {
    const logo = await this.logos.get(viewer.context, id);
    res.set({
      'Content-Type': logo.content_type,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'Content-Disposition': 'attachment; filename="logo"',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=3600',
      'Last-Modified': logo.fetched_at.toUTCString(),
    });
    res.send(logo.body);
  }
}
