import { Logger } from '@nestjs/common';
import { LoggerFactory } from 'typeorm/logger/LoggerFactory';
import { dataSourceOptions } from './data-source-options';

describe('database logging', () => {
  afterEach(() => jest.restoreAllMocks());

  it('logs a failed statement and its error without the parameters it was sent', () => {
    const written: string[] = [];
    const capture = (...args: unknown[]) => void written.push(args.map(String).join(' '));
    for (const method of ['log', 'info', 'warn', 'error'] as const) jest.spyOn(console, method).mockImplementation(capture);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(capture);
    const options = dataSourceOptions({ url: 'postgres://localhost/x' }, []);
    const logger = new LoggerFactory().create(options.logger, options.logging);

    logger.logQueryError(new Error('invalid byte sequence for encoding "UTF8": 0x00'), 'SELECT * FROM users WHERE email = $1', ['ada\u0000@secret.example']);

    expect(written.join('\n')).toContain('invalid byte sequence');
    expect(written.join('\n')).toContain('SELECT * FROM users');
    expect(written.join('\n')).not.toContain('secret.example');
  });
});
