/**
 * One measurement: autocannon at N connections for D seconds. Latency percentiles are computed here
 * from every response's time (autocannon's own summary has p97.5, not p95); the server's peak resident
 * memory is sampled from /proc every 50 ms while it runs.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Sampled for peak RSS. */
  pid?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  peakRssMb: number | null;
}

const rssMb = (pid: number): number | null => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

export function load(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  let peak: number | null = null;
  const sampler = options.pid
    ? setInterval(() => {
        const now = rssMb(options.pid as number);
        if (now !== null) peak = Math.max(peak ?? 0, now);
      }, 50)
    : undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(options.body ? { 'content-type': 'application/json' } : {}) },
        body: options.body,
        timeout: 30,
      },
      (error: Error | null, result: { errors: number; timeouts: number; non2xx: number; duration: number }) => {
        clearInterval(sampler);
        if (error) return reject(error);
        const sorted = times.sort((a, b) => a - b);
        resolve({
          requests: sorted.length,
          rps: sorted.length / (result.duration || options.seconds),
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          errors: errors + result.errors + result.timeouts,
          peakRssMb: peak,
        });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      times.push(responseTime);
      if (statusCode >= 300) errors += 1;
    });
  });
}
