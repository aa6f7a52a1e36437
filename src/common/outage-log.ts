import { Logger } from '@nestjs/common';

const logger = new Logger('Outage');
const down = new Map<string, number>();

/**
 * One log line when a backing service becomes unreachable and one when it is back, instead of
 * one per reconnect attempt of every client (DESIGN §5c).
 */
export const outageLog = {
  failed(service: string, err: Error): void {
    if (down.has(service)) return;
    down.set(service, Date.now());
    logger.warn(`${service} is unavailable: ${err.message}`);
  },
  recovered(service: string): void {
    const since = down.get(service);
    if (since === undefined) return;
    down.delete(service);
    logger.log(`${service} is available again after ${Math.round((Date.now() - since) / 1000)} s`);
  },
};
