import autocannon from 'autocannon';

export interface ThroughputResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** A short warm-up, then a measured run; autocannon runs in this (separate) process. */
export async function measureThroughput(url: string, durationSeconds: number, connections: number): Promise<ThroughputResult> {
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: durationSeconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}
