import { Inject, Injectable } from '@nestjs/common';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { validationFailed } from '../../common/errors';
import { TargetUrlValidator } from '../../common/target-url';
import { APP_CONFIG, AppConfig } from '../../config/config';
import type { ChannelInfo } from './notification-channel';

const MAX_URL_LENGTH = 2048;

/** The info of a channel whose destination is one URL (null or omitted: off). */
export function urlChannelInfo(o: {
  name: string;
  label: string;
  format: string;
  field: string;
  description: string;
  example: string;
  fieldLabel: string;
  placeholder: string;
  secret: boolean;
}): ChannelInfo {
  return {
    name: o.name,
    label: o.label,
    format: o.format,
    field: o.field,
    kind: 'url',
    fieldLabel: o.fieldLabel,
    placeholder: o.placeholder,
    secret: o.secret,
    request: applyDecorators(
      ApiPropertyOptional({ example: o.example, description: o.description, maxLength: MAX_URL_LENGTH, nullable: true, type: String }),
      IsOptional(),
      IsString(),
      IsNotEmpty(),
      MaxLength(MAX_URL_LENGTH),
    ),
    response: ApiProperty({ example: o.example, nullable: true, type: String }),
  };
}

/** Checks a channel's URL with the URL-safety rules of webhook URLs (DESIGN §6.17). */
@Injectable()
export class UrlDestinations {
  constructor(
    private readonly urls: TargetUrlValidator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The URL as stored; null when unset; validation_failed on `field` when refused. */
  async parse(raw: unknown, field: string): Promise<string | null> {
    if (raw === undefined || raw === null) return null;
    const url = await this.urls.check(String(raw).trim(), field, { httpsOnly: true });
    // The validator skips the scheme rule when a name does not resolve yet; the rule holds regardless.
    if (url.protocol !== 'https:' && !this.config.allowPrivateNetworkTargets) {
      throw validationFailed([{ field, message: 'only https URLs are allowed' }]);
    }
    return url.href;
  }
}
