import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics. Counters live where the work happens (checks, fetches,
 * deliveries, HTTP); queue depth is read from the queues when `/metrics` is scraped.
 */
export const registry = new Registry();

export const checksTotal = new Counter({
  name: 'rivalwatch_checks_total',
  help: 'Checks finished by this process, by outcome (succeeded, no_change, changed, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const fetchDuration = new Histogram({
  name: 'rivalwatch_fetch_duration_seconds',
  help: 'Page fetch latency, by fetcher (http, browser) and result',
  labelNames: ['via', 'result'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20],
  registers: [registry],
});

export const deliveriesTotal = new Counter({
  name: 'rivalwatch_deliveries_total',
  help: 'Notification delivery attempts, by channel and outcome',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

export const httpRequestsTotal = new Counter({
  name: 'rivalwatch_http_requests_total',
  help: 'HTTP requests answered, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const queueJobs = new Gauge({
  name: 'rivalwatch_queue_jobs',
  help: 'Jobs per queue and state, read from the queues when scraped',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

export const mcpToolCallsTotal = new Counter({
  name: 'rivalwatch_mcp_tool_calls_total',
  help: 'MCP tool calls answered, by tool and outcome (ok, or the error code)',
  labelNames: ['tool', 'outcome'] as const,
  registers: [registry],
});
