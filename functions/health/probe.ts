import { logger } from '../lib/logger';

/** How long the probe waits for the health endpoint: well above its p99, well under the schedule's 5 minutes. */
export const PROBE_TIMEOUT_MS = 10_000;

export interface ProbeResult {
  /** 1 when the portal did not answer ok (the metric the alarm sums), 0 when it did. */
  health_failed: 0 | 1;
  status?: number;
  duration_ms: number;
  reason?: string;
}

/**
 * One look at the deployed portal's health endpoint through CloudFront, as a viewer would reach it (edge, WAF, API,
 * function, table): ok only for a 200 whose body says `status: "ok"`. It never throws for a failed check: the result
 * is its log line, whose `health_failed` a metric filter turns into the HealthCheck alarm's metric
 * (infra/constructs/health-probe.ts).
 */
export async function probe(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    const body = (await response.json().catch(() => undefined)) as { status?: unknown } | undefined;
    if (response.status === 200 && body?.status === 'ok')
      return { health_failed: 0, status: 200, duration_ms: elapsed() };
    return { health_failed: 1, status: response.status, duration_ms: elapsed(), reason: 'not ok' };
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'error';
    return { health_failed: 1, duration_ms: elapsed(), reason };
  }
}

export async function handler(): Promise<ProbeResult> {
  const url = process.env.HEALTH_URL;
  if (!url) throw new Error('HEALTH_URL is not set');
  const result = await probe(url);
  if (result.health_failed) logger.error('health check failed', { ...result });
  else logger.info('health check ok', { ...result });
  return result;
}
