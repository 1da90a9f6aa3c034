/**
 * Save games over HTTP (docs/savegames.md): `PUT /save` and `PUT /load` per
 * namespace; `PUT /save/all` and the registry routes for the deployment. The work is the library's
 * (engine/durability/savegames); these handlers only shape requests and answers.
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { membersOf, type SaveGames, maxSavePartitions } from '../../index.js';
import type { RouteContext } from '../app.js';
import { problem } from '../problems/problem.js';
import { Accepted, NoContent } from '../wire/statuses.js';
import '../conventions/route-config.js';

const tags = ['save games'];

const Kpis = Type.Object({}, { additionalProperties: true });
const Member = Type.Object({
  name: Type.String(),
  id: Type.String(),
  location: Type.String(),
  fileCount: Type.Integer(),
  totalBytes: Type.Integer(),
  kpis: Kpis,
});
export const SaveGameEntrySchema = Type.Object(
  {
    id: Type.String(),
    savedAt: Type.String({ description: 'UTC, yyyy-MM-ddTHH:mm:ss.fffZ' }),
    trigger: Type.Union([Type.Literal('api'), Type.Literal('shutdown'), Type.Literal('imported')]),
    location: Type.Union([Type.String(), Type.Null()]),
    fileCount: Type.Integer(),
    totalBytes: Type.Integer(),
    engineVersion: Type.String(),
    kpis: Kpis,
    namespaces: Type.Union([Type.Immutable(Type.Array(Member)), Type.Null()]),
    skippedNamespaces: Type.Optional(Type.Array(Type.String())),
    activatedNamespaces: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: true },
);

const SaveBody = Type.Union([
  Type.Object({
    saveGameLocation: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    savePartitions: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: maxSavePartitions }), Type.Null()]),
    ),
  }),
  Type.Null(),
]);

const LoadBody = Type.Object({
  saveGameLocation: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  startServices: Type.Optional(Type.Boolean()),
});

function requireSaveGames(saveGames: SaveGames | undefined): SaveGames {
  if (saveGames === undefined) {
    throw problem('SAVE_GAMES_UNAVAILABLE', 'this server runs without save games (volatile mode)');
  }
  return saveGames;
}

/** `PUT /save` and `PUT /load`: registered bare and under `/ns/{ns}`. */
export async function saveGameNamespaceRoutes(
  scope: FastifyInstance,
  { options }: RouteContext,
): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/save',
    {
      schema: {
        tags,
        description: 'Saves the namespace to a checkpoint (never over an existing one) and registers it.',
        body: SaveBody,
        response: { 200: SaveGameEntrySchema },
      },
    },
    async (request) => {
      const saveGames = requireSaveGames(options.saveGames);
      const body = request.body ?? {};
      const location = body.saveGameLocation ?? undefined;
      if (location !== undefined && location.trim() === '') {
        throw problem('SAVE_LOCATION_INVALID', 'saveGameLocation must be a path when present');
      }
      return saveGames.save(request.namespace, {
        ...(location === undefined ? {} : { location }),
        ...(body.savePartitions === undefined || body.savePartitions === null
          ? {}
          : { partitions: body.savePartitions }),
        trigger: 'api',
      });
    },
  );

  app.put(
    '/load',
    {
      schema: {
        tags,
        description:
          'Loads a checkpoint into the namespace; a path with no checkpoint answers 204 and loads nothing.',
        body: LoadBody,
      },
    },
    async (request, reply) => {
      const saveGames = requireSaveGames(options.saveGames);
      const location = request.body?.saveGameLocation;
      if (location === undefined || location === null || location.trim() === '') {
        throw problem('SAVE_LOCATION_INVALID', 'saveGameLocation is required: the path of a checkpoint');
      }
      await saveGames.loadPath(request.namespace, location);
      return reply.code(204).send();
    },
  );
}

/** The deployment-level routes: `PUT /save/all` and the registry. */
export async function saveGameDeploymentRoutes(
  scope: FastifyInstance,
  { options }: RouteContext,
): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/save/all',
    {
      schema: {
        tags,
        description: 'Saves every namespace; one entry lists them all.',
        response: { 200: SaveGameEntrySchema },
      },
      config: { rateLimited: true },
    },
    async () => {
      const saveGames = requireSaveGames(options.saveGames);
      const outcome = await saveGames.saveAll();
      if (outcome.failedNamespaces.length > 0 || outcome.entry === undefined) {
        throw problem(
          'SAVE_INCOMPLETE',
          `the save of ${outcome.failedNamespaces.map((n) => `'${n}'`).join(', ')} rolled back; the others are registered`,
          { failedNamespaces: outcome.failedNamespaces },
        );
      }
      return outcome.entry;
    },
  );

  app.get(
    '/savegames',
    {
      schema: {
        tags,
        description: 'Registry entries, newest first.',
        response: { 200: Type.Array(SaveGameEntrySchema) },
      },
    },
    async () => requireSaveGames(options.saveGames).registry.list(),
  );

  app.get(
    '/savegames/:id',
    {
      schema: {
        tags,
        params: Type.Object({ id: Type.String() }),
        response: { 200: SaveGameEntrySchema, 204: NoContent },
      },
    },
    async (request, reply) => {
      const entry = requireSaveGames(options.saveGames).registry.get(request.params.id);
      if (entry === undefined) return reply.code(204).send();
      return entry;
    },
  );

  app.put(
    '/savegames/:id/load',
    {
      schema: {
        tags,
        description: 'Restores the entry (or one member); dropped namespaces are recreated.',
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({
          waitForCompletion: Type.Optional(Type.Boolean({ default: false })),
          namespace: Type.Optional(Type.String()),
        }),
        response: { 200: SaveGameEntrySchema, 202: Accepted },
      },
    },
    async (request, reply) => {
      const saveGames = requireSaveGames(options.saveGames);
      const { id } = request.params;
      const { waitForCompletion, namespace } = request.query;
      const entry = saveGames.registry.get(id);
      if (entry === undefined) throw problem('SAVE_GAME_NOT_FOUND', `no save game with id '${id}'`);
      const members = membersOf(entry).map((m) => m.name);
      if (namespace !== undefined && !members.includes(namespace)) {
        throw problem(
          'SAVE_GAME_MEMBER_NOT_FOUND',
          `the save game ${id} holds ${members.map((m) => `'${m}'`).join(', ')}`,
        );
      }
      const restoring = saveGames.restore(id, namespace === undefined ? {} : { namespace });
      if (waitForCompletion !== true) {
        restoring
          .then((outcome) => {
            if (outcome.kind !== 'restored')
              request.log.error({ saveGame: id, outcome }, 'save-game restore failed');
          })
          .catch((error: unknown) =>
            request.log.error({ err: error, saveGame: id }, 'save-game restore failed'),
          );
        return reply.code(202).send();
      }
      const outcome = await restoring;
      switch (outcome.kind) {
        case 'restored':
          return { ...outcome.entry, activatedNamespaces: outcome.activatedNamespaces };
        case 'unknownEntry':
          throw problem('SAVE_GAME_NOT_FOUND', `no save game with id '${id}'`);
        case 'unknownMember':
          throw problem(
            'SAVE_GAME_MEMBER_NOT_FOUND',
            `the save game ${id} holds ${outcome.members.map((m) => `'${m}'`).join(', ')}`,
          );
        case 'filesMissing':
          throw problem('CHECKPOINT_FILE_MISSING', `missing: ${outcome.files.join(', ')}`);
        case 'recreateFailed':
          throw problem('NAMESPACE_RESTORE_FAILED', outcome.detail);
        case 'incomplete':
          throw problem('RESTORE_INCOMPLETE', outcome.detail, {
            failedNamespaces: outcome.failedNamespaces,
          });
      }
    },
  );

  app.delete(
    '/savegames/:id',
    {
      schema: {
        tags,
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({ deleteFiles: Type.Optional(Type.Boolean({ default: false })) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { deleteFiles } = request.query;
      const deleted = await requireSaveGames(options.saveGames).delete(id, deleteFiles === true);
      if (!deleted) throw problem('SAVE_GAME_NOT_FOUND', `no save game with id '${id}'`);
      return reply.code(204).send();
    },
  );
}
