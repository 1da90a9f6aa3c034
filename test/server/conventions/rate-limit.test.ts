import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { FixedWindowLimiter } from '../../../src/server/conventions/rate-limit.js';
import {
  assertProblem,
  json,
  sleep,
  startTestServer,
  type TestServer,
} from '../../support/conventions-server.js';

describe('FixedWindowLimiter', () => {
  function limiterAt(start: number, permitsPerWindow: number, windowSeconds: number) {
    const clock = { now: start };
    const limiter = new FixedWindowLimiter({ permitsPerWindow, windowSeconds }, () => clock.now);
    return { clock, limiter };
  }

  it('admits permitsPerWindow calls in a window and refuses the next', () => {
    const { limiter } = limiterAt(1_000_000, 3, 10);
    assert.deepEqual(
      [1, 2, 3, 4, 5].map(() => limiter.tryAcquire()),
      [true, true, true, false, false],
    );
  });

  it('the window starts at the first call and rolls over after windowSeconds, not before', () => {
    const { clock, limiter } = limiterAt(1_000_000, 2, 10);
    assert.equal(limiter.tryAcquire(), true);
    clock.now += 4_000;
    assert.equal(limiter.tryAcquire(), true);
    assert.equal(limiter.tryAcquire(), false);
    clock.now = 1_000_000 + 9_999;
    assert.equal(limiter.tryAcquire(), false, 'still the first window');
    clock.now = 1_000_000 + 10_000;
    assert.equal(limiter.tryAcquire(), true, 'a new window');
    assert.equal(limiter.tryAcquire(), true);
    assert.equal(limiter.tryAcquire(), false);
  });

  it('refusals do not extend the window and unused permits do not carry over', () => {
    const { clock, limiter } = limiterAt(5_000_000, 1, 1);
    assert.equal(limiter.tryAcquire(), true);
    for (let i = 0; i < 10; i++) {
      clock.now += 50;
      assert.equal(limiter.tryAcquire(), false);
    }
    clock.now = 5_000_000 + 1_000;
    assert.equal(limiter.tryAcquire(), true);
    clock.now += 5_000; // several idle windows
    assert.equal(limiter.tryAcquire(), true);
    assert.equal(limiter.tryAcquire(), false, 'idle windows give no extra permits');
  });
});

describe('the sensitive-route limiter over HTTP', () => {
  // A long window here so a slow machine cannot roll it over mid-test; the 1 s window is tested below.
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ rateLimit: { permitsPerWindow: 3, windowSeconds: 60 } });
  });
  afterEach(() => server.close());

  it('one bucket is shared across routes: the 4th sensitive call answers 429 without Retry-After', async () => {
    assert.equal((await fetch(`${server.url}/ns/a`, { method: 'PUT' })).status, 201);
    assert.equal(
      (await fetch(`${server.url}/ns/a`, json('PATCH', { pluginRegistration: 'enabled' }))).status,
      200,
    );
    assert.equal((await fetch(`${server.url}/ns/a`, { method: 'DELETE' })).status, 204);
    const refused = await fetch(`${server.url}/ns/a`, { method: 'PUT' });
    assert.equal(refused.headers.get('retry-after'), null);
    assert.equal(refused.headers.get('api-supported-versions'), '0.1');
    await assertProblem(refused, 429, 'Too Many Requests');
    assert.equal(server.namespaces.get('a'), undefined, 'the refused call did nothing');
    await assertProblem(
      await fetch(`${server.url}/tabularasa/all`, { method: 'HEAD' }),
      429,
      undefined,
      'HEAD',
    );
  });

  it('routes outside the limiter still answer while it is exhausted', async () => {
    for (let i = 0; i < 4; i++) await fetch(`${server.url}/ns/b${i}`, { method: 'PUT' });
    await assertProblem(await fetch(`${server.url}/ns/c`, { method: 'PUT' }), 429, 'Too Many Requests');
    const count = await fetch(`${server.url}/vertex/count`);
    assert.equal(count.status, 200);
    assert.equal((await fetch(`${server.url}/ns`)).status, 200);
    assert.equal((await fetch(`${server.url}/ns/b0`)).status, 200);
    assert.equal((await fetch(`${server.url}/vertex`, json('PUT', {}))).status, 202);
  });

  it('the bucket is shared by every namespace: limited calls about different namespaces count together', async () => {
    for (const name of ['n1', 'n2', 'n3']) {
      assert.equal((await fetch(`${server.url}/ns/${name}`, { method: 'PUT' })).status, 201);
    }
    await assertProblem(await fetch(`${server.url}/ns/n1`, { method: 'DELETE' }), 429, 'Too Many Requests');
  });
});

describe('the window of the sensitive-route limiter', () => {
  it('with 3 permits per 1 s window a call beyond the third is refused and permits return after the window', async () => {
    const server = await startTestServer({ rateLimit: { permitsPerWindow: 3, windowSeconds: 1 } });
    try {
      // Calls until one is refused, with no clock: however slowly the calls come, a window admits three and
      // refuses any further call that lands in it (the count only keeps the loop from running forever).
      let refused: Response | undefined;
      let calls = 0;
      while (refused === undefined) {
        assert.ok(calls < 1_000, 'no call refused');
        const response = await fetch(`${server.url}/ns/w`, { method: 'PUT' });
        calls++;
        if (response.status === 429) refused = response;
        else assert.equal(response.status, calls === 1 ? 201 : 409, 'admitted: created, then already there');
      }
      assert.ok(calls >= 4, 'the first three calls of a window are admitted');
      assert.equal(refused.headers.get('retry-after'), null);
      await assertProblem(refused, 429, 'Too Many Requests');
      await sleep(1_100); // the window of the refusal began before it, so it has passed
      assert.equal((await fetch(`${server.url}/ns/w3`, { method: 'PUT' })).status, 201);
    } finally {
      await server.close();
    }
  });
});

describe('the limiter and authentication', () => {
  it('a request refused for its credential does not consume a permit', async () => {
    const server = await startTestServer({
      apiKey: 'rate-key',
      rateLimit: { permitsPerWindow: 1, windowSeconds: 60 },
    });
    try {
      for (let i = 0; i < 3; i++) {
        await assertProblem(await fetch(`${server.url}/ns/x`, { method: 'PUT' }), 401, 'Unauthorized');
      }
      const created = await fetch(`${server.url}/ns/x`, {
        method: 'PUT',
        headers: { 'x-api-key': 'rate-key' },
      });
      assert.equal(created.status, 201);
    } finally {
      await server.close();
    }
  });
});
