import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { createInterpreter } from './create-interpreter';

/** The interpreter every change goes through: rules by default, Claude when ANTHROPIC_API_KEY is set. */
export const INTERPRETER = Symbol('INTERPRETER');

@Module({
  exports: [INTERPRETER],
  providers: [
    {
      provide: INTERPRETER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        createInterpreter({
          apiKey: config.anthropicApiKey,
          baseURL: config.anthropicBaseUrl,
          model: config.anthropicModel,
          logger: new Logger('Interpretation'),
        }),
    },
  ],
})
export class InterpretationModule {}
