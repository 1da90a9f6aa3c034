/**
 * The JSON body parser of every route: Fastify's own (prototype-poisoning checks included), with two
 * differences. An empty body is no body, whatever the content type says. A long array is parsed in slices
 * (wire/json-slices.ts), each run of items through Fastify's parser, so a batch of 100,000 items does not
 * hold the event loop; a body either refuses is answered with Fastify's invalid-JSON error.
 */
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { InvalidJsonBody, jsonBytesPerSlice, parseJsonInSlices } from '../wire/json-slices.js';

type Done = (error: Error | null, body?: unknown) => void;

export function slicedJsonParser(
  app: FastifyInstance,
): (request: FastifyRequest, body: string | Buffer, done: Done) => void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0) {
      done(null, undefined);
      return;
    }
    if (bytes.length <= jsonBytesPerSlice) {
      parseJson(request, bytes.toString('utf8'), done);
      return;
    }
    const parse = (json: string): unknown => {
      let parsed: unknown;
      let failure: Error | null = null;
      parseJson(request, json, (error: Error | null, value?: unknown) => {
        failure = error;
        parsed = value;
      });
      if (failure !== null) throw failure;
      return parsed;
    };
    parseJsonInSlices(bytes, parse).then(
      (parsed) => done(null, parsed),
      (error: unknown) =>
        done(
          error instanceof InvalidJsonBody
            ? new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()
            : (error as Error),
        ),
    );
  };
}
