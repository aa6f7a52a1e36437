import type { Store } from 'nestjs-pino/storage';
import type { Bindings, Logger as Pino } from 'pino';

/**
 * A nestjs-pino log context (a request's, a job's) whose child logger is made when first used:
 * most jobs, and requests above info level, write no line of their own.
 */
export function lazyLogStore(parent: Pino, bindings: Bindings): Store {
  let logger: Pino | undefined;
  return {
    get logger(): Pino {
      return (logger ??= parent.child(bindings));
    },
    set logger(value: Pino) {
      logger = value;
    },
  };
}
