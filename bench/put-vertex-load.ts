/**
 * The HTTP write load of the benchmarks: `PUT /vertex?waitForCompletion=true` with a small JSON body from
 * `connections` connections for `seconds` (autocannon); a transport error or a non-2xx answer fails the
 * run rather than being counted.
 */
import autocannon from 'autocannon';

export interface WriteLoad {
  requestsPerSecond: number;
  /** Requests answered 2xx. */
  answered: number;
  p50: number;
  p99: number;
}

export async function putVertexLoad(port: number, connections: number, seconds: number): Promise<WriteLoad> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'PUT',
        path: '/vertex?waitForCompletion=true',
        headers: { 'content-type': 'application/json' },
        body: '{"label":"bench"}',
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`port ${port}: ${result.errors} errors, ${result.non2xx} non-2xx responses`);
  }
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    answered: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
