/**
 * The library side of subgraph durability (docs/subgraphs.md, Durability; docs/library.md,
 * Registrations): a `Subgraphs` registry follows `engine.onRegistrationsReplaced`, so after a checkpoint
 * is installed into its engine it lists the loaded recipes and its extracts hold what the loaded graph
 * gives, parents before children; an engine made with the `rebuildSubgraphsOnLoad` option builds the
 * recipes a load brings before anyone asks for them.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  Engine,
  firstElements,
  installCheckpoint,
  loadCheckpoint,
  readVertex,
  saveCheckpoint,
  type Graph,
} from '../../src/index.js';
import {
  rebuildSubgraphsOnLoad,
  recipeOf,
  subgraphAlgorithms,
  subgraphsOf,
  type SubgraphRecipe,
  type SubgraphRequestBody,
} from '../../src/subgraphs/index.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

/** A chain 0 -> 1 -> ... of vertices whose Int32 `w` is the given weight. */
async function chain(engine: Engine, weights: readonly number[]): Promise<number[]> {
  const ids = await engine.createVertices(
    weights.map((w) => ({ label: 'node', properties: [{ key: 'w', value: { type: 'Int32', value: w } }] })),
  );
  await engine.createEdges(
    ids
      .slice(1)
      .map((target, index) => ({ sourceVertex: ids[index]!, targetVertex: target, edgePropertyId: 'next' })),
  );
  return ids;
}

function recipe(body: SubgraphRequestBody, fromSubGraph: string | null = null): SubgraphRecipe {
  return { ...recipeOf(body, fromSubGraph, subgraphAlgorithms()), semantic: null };
}

const smallW = 'return v => v.TryGetProperty(out int w, "w") && w < 3;';

/** The `w` of every vertex of an extract, in id order. */
function weightsOf(graph: Graph | null): number[] {
  assert.ok(graph !== null);
  return firstElements(graph, Number.MAX_SAFE_INTEGER).vertices.map((id) => {
    const value = readVertex(graph, id)!.properties.find((property) => property.key === 'w')!.value;
    return Number(value.value);
  });
}

async function saveTo(engine: Engine, name: string): Promise<string> {
  const location = path.join(temporaryDirectory('subgraphs-durability'), `${name}.f8s`);
  return (await saveCheckpoint(engine, location)).location;
}

describe('subgraph registries across loads', () => {
  it('an existing registry rebuilds after a load: the loaded recipes over the loaded graph', async () => {
    const engine = new Engine();
    await chain(engine, [0, 1, 2, 3, 4, 5]);
    const subgraphs = subgraphsOf(engine);
    await subgraphs.create(recipe({ name: 'small', vertexFilter: smallW }));
    await subgraphs.create(
      recipe({ name: 'pairs', patterns: [{}, { type: 'Edge' }, { type: 'Vertex' }] }, 'small'),
    );
    await subgraphs.create(recipe({ name: 'dropped-later', vertexFilter: smallW }));
    const location = await saveTo(engine, 'before-changes');

    // After the save: the graph changes, one subgraph goes, another comes, one is recalculated.
    await engine.clear();
    await chain(engine, [1, 2, 7, 8]);
    await subgraphs.remove('dropped-later');
    await subgraphs.create(recipe({ name: 'added-later', vertexFilter: smallW }));
    assert.deepEqual(weightsOf(await subgraphs.extract('added-later')), [1, 2]);
    await subgraphs.recalculate('small');
    assert.deepEqual(weightsOf(await subgraphs.extract('small')), [1, 2]);

    await installCheckpoint(engine, await loadCheckpoint(location));
    assert.equal(subgraphsOf(engine), subgraphs);
    assert.deepEqual(await subgraphs.names(), ['small', 'pairs', 'dropped-later']);
    assert.deepEqual(weightsOf(await subgraphs.extract('small')), [0, 1, 2]);
    assert.deepEqual(weightsOf(await subgraphs.extract('pairs')), [0, 1, 2]);
    assert.deepEqual(weightsOf(await subgraphs.extract('dropped-later')), [0, 1, 2]);
    const pairs = await subgraphs.summary('pairs');
    assert.equal(pairs.edgeCount, 2);
    assert.equal(pairs.rebuildFailure, null);
    assert.equal(pairs.canRecalculate, true);
    await assert.rejects(subgraphs.summary('added-later'), {
      name: 'SubgraphRequestError',
      kind: 'notFound',
    });
  });

  it('an engine made with rebuildSubgraphsOnLoad rebuilds a loaded recipe set; a missing parent is a failure', async () => {
    const source = new Engine();
    await chain(source, [0, 1, 2, 3]);
    const original = subgraphsOf(source);
    await original.create(recipe({ name: 'small', vertexFilter: smallW }));
    await original.create(recipe({ name: 'orphan', patterns: [{}, { type: 'Edge' }, {}] }, 'small'));
    await original.create(recipe({ name: 'second', edgeFilter: 'return e => false;' }));
    await original.remove('small');
    const location = await saveTo(source, 'source');

    const engine = new Engine({ onRegistrationsReplaced: rebuildSubgraphsOnLoad() });
    await installCheckpoint(engine, await loadCheckpoint(location));
    const subgraphs = subgraphsOf(engine);
    assert.deepEqual(await subgraphs.names(), ['orphan', 'second']);
    assert.deepEqual(weightsOf(await subgraphs.extract('second')), [0, 1, 2, 3]);
    assert.equal((await subgraphs.summary('second')).edgeCount, 0);
    const orphan = await subgraphs.summary('orphan');
    assert.match(orphan.rebuildFailure ?? '', /small/);
    assert.equal(orphan.canRecalculate, false);
    assert.equal(await subgraphs.extract('orphan'), null);
    await assert.rejects(subgraphs.recalculate('orphan'), {
      name: 'SubgraphRequestError',
      kind: 'notRecalculable',
    });
  });

  it('a subgraph whose registration commits after a load holds an extract of the loaded graph', async () => {
    const engine = new Engine();
    await chain(engine, [0, 1, 2, 3]);
    const location = await saveTo(engine, 'without-recipes');
    await engine.clear();
    await chain(engine, [1, 5, 6]);
    const loaded = await loadCheckpoint(location);
    const subgraphs = subgraphsOf(engine);
    // The load is queued before the registration, which waits for its extract to be built.
    const creating = subgraphs.create(recipe({ name: 'small', vertexFilter: smallW }));
    await installCheckpoint(engine, loaded);
    const summary = await creating;
    assert.deepEqual(weightsOf(await subgraphs.extract('small')), [0, 1, 2]);
    assert.equal(summary.vertexCount, 3);
    assert.deepEqual(await subgraphs.names(), ['small']);
  });

  it('a recalculation that a load overtakes answers the summary of the subgraph as the load rebuilt it', async () => {
    const engine = new Engine();
    await chain(engine, [0, 1, 2, 3]);
    const subgraphs = subgraphsOf(engine);
    await subgraphs.create(recipe({ name: 'small', vertexFilter: smallW }));
    const location = await saveTo(engine, 'with-small');
    await engine.clear();
    await chain(engine, [1, 5, 6]);
    const loaded = await loadCheckpoint(location);
    const recalculating = subgraphs.recalculate('small');
    await installCheckpoint(engine, loaded);
    const summary = await recalculating;
    assert.equal(summary.vertexCount, 3);
    assert.deepEqual(weightsOf(await subgraphs.extract('small')), [0, 1, 2]);
  });
});
