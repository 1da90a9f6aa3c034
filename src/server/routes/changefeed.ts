/**
 * `GET /changefeed` (bare and under `/ns/{ns}`): the namespace's change feed as a `text/event-stream`
 * (docs/changefeed.md). The feed, its filters, catch-up and overflow rules and the
 * SSE framing are the library's (src/engine/changefeed, src/changefeed); this handler parses the request, subscribes, and pipes
 * the subscription's stream to the response, which Fastify does with back-pressure.
 *
 * A stream ends when the client disconnects (its subscription is released at once), when the namespace
 * is dropped (the feed closes), or when the server stops (a preClose hook ends every open stream, so
 * `close()` does not wait for clients that would never hang up).
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { changeElements, changeKinds, parseFilter } from '../../index.js';
import { ChangeFeedStream, eventStreamContentType } from '../../changefeed/index.js';
import type { RouteContext } from '../app.js';
import { problem } from '../problems/problem.js';
import '../conventions/route-config.js';

const tags = ['change feed'];

const listParameter = (description: string) =>
  Type.Optional(
    Type.Array(Type.String(), {
      description: `${description} Repeatable and comma-separated; union within the parameter.`,
    }),
  );

const ChangeFeedQuery = Type.Object({
  kinds: listParameter(`Event kinds: ${changeKinds.join(', ')}. \`resync\` is always delivered.`),
  elements: listParameter(`Element kinds: ${changeElements.join(', ')}.`),
  labels: listParameter('Exact labels; an unlabeled element never matches.'),
  keys: listParameter('Exact property keys; only property events carry a key.'),
  since: Type.Optional(
    Type.String({
      description:
        'Catch-up position: `<epoch>:<seq>` (an event id) or a bare sequence number. The `Last-Event-ID` ' +
        'header is used when this is absent.',
    }),
  ),
});

/** Absent, or present but empty (an EventSource sends no Last-Event-ID before its first event): unset. */
function positionText(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  return text === undefined || text.trim().length === 0 ? undefined : text;
}

export async function changeFeedRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const open = new Set<ChangeFeedStream>();
  app.addHook('preClose', (done) => {
    for (const stream of open) stream.finish();
    done();
  });

  app.get(
    '/changefeed',
    {
      schema: {
        tags,
        description:
          'Every committed mutation of the namespace as Server-Sent Events: frames `id: <epoch>:<seq>`, ' +
          '`event: <kind>`, `data: <change event JSON>`, and `: keepalive` while idle. 400 for an unknown ' +
          'kind or element or a malformed `since`; 503 when the feed is disabled or has its most subscribers.',
        querystring: ChangeFeedQuery,
        produces: [eventStreamContentType],
      },
    },
    async (request, reply) => {
      const feed = request.namespace.engine.changeFeed;
      if (feed === undefined) {
        throw problem('CHANGEFEED_DISABLED', 'the change feed is disabled (Svc:ChangeFeed:Enabled)');
      }
      const query = request.query;
      const filter = parseFilter(query);
      const since = positionText(query.since) ?? positionText(request.headers['last-event-id']);
      const subscription = feed.subscribe({ filter, ...(since === undefined ? {} : { since }) });
      let stream: ChangeFeedStream;
      try {
        stream = new ChangeFeedStream(subscription, {
          keepAliveSeconds: options.changeFeedKeepAliveSeconds,
          flushIntervalMilliseconds: options.changeFeedFlushIntervalMilliseconds,
          // Headers go out at once, before any event: a client knows it is subscribed.
          onStart: () => reply.raw.flushHeaders(),
        });
      } catch (error) {
        subscription.close();
        throw error;
      }
      open.add(stream);
      stream.once('close', () => open.delete(stream));
      // Released the moment the client goes, not when the next write would fail.
      reply.raw.once('close', () => stream.destroy());
      return reply
        .code(200)
        .header('content-type', eventStreamContentType)
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
