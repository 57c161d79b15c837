/**
 * Measurements with autocannon. Latency percentiles are computed here from every response's time
 * (autocannon's own summary has p97.5, not p95); the server's peak resident memory is sampled from
 * /proc every 50 ms while it runs.
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

export const rssMb = (pid: number): number | null => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/** What one autocannon run saw: every response time, the errors, its length and the peak RSS. */
export interface Sample {
  times: number[];
  errors: number;
  seconds: number;
  peakRssMb: number | null;
}

export function load(options: LoadOptions): Promise<Sample> {
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
      (error, result) => {
        clearInterval(sampler);
        if (error) return reject(error);
        resolve({ times, errors: errors + result.errors + result.timeouts, seconds: result.duration || options.seconds, peakRssMb: peak });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      if (statusCode >= 300) errors += 1;
    });
  });
}

/** Several samples of one target as one result (the bench alternates portal and bare in slices). */
export function summarize(samples: Sample[]): LoadResult {
  const sorted = samples.flatMap((s) => s.times).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const peaks = samples.map((s) => s.peakRssMb).filter((p): p is number => p !== null);
  return {
    requests: sorted.length,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
    peakRssMb: peaks.length ? Math.max(...peaks) : null,
  };
}
