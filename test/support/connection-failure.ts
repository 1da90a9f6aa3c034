/**
 * Whether `error` is what `fetch` throws when no connection could be made or it broke (a server not
 * listening yet, or gone): polling loops wait through these and let every other error fail the test.
 */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof TypeError && error.message === 'fetch failed';
}
