/**
 * The lint rule that enforces docs/architecture.md (eslint-rules/layers.mjs), run by ESLint's RuleTester on
 * imports placed in files of the real tree: every kind of import it must see, and each rule it must break
 * on, so the rule cannot pass everything silently.
 */
import { describe, it } from 'node:test';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const layersUrl = pathToFileURL(path.join(root, 'eslint-rules/layers.mjs')).href;
const { default: layers } = (await import(layersUrl)) as { default: Rule.RuleModule };

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const options = [{ root }];

/** A test case: `code` as if written in the repository file `file`. */
function inFile(file: string, code: string) {
  return { code, filename: path.join(root, file), options };
}

function invalidIn(file: string, code: string, messageId: string) {
  return { ...inFile(file, code), errors: [{ messageId }] };
}

describe('skein/layers: imports follow the layers and doors of docs/architecture.md', () => {
  tester.run('layers', layers, {
    valid: [
      // The engine: its own layer and lower ones, packages freely.
      inFile('src/engine/graph/read.ts', "import { Graph } from './graph.js';"),
      inFile('src/engine/tx/writer.ts', "import type { Graph } from '../graph/graph.js';"),
      inFile('src/engine/indexes/registry.ts', "import type { CommitHook } from '../tx/writer.js';"),
      inFile('src/engine/verbs/vectors.ts', "import type { Engine } from '../engine.js';"),
      inFile('src/engine/durability/durability.ts', "import { Namespaces } from '../namespaces/catalog.js';"),
      inFile('src/engine/index.ts', "export * from './durability/durability.js';"),
      inFile('src/engine/codec/binary.ts', "import { randomUUID } from 'node:crypto';"),
      // Capability areas: the engine's entry, another area's entry, the listed storage internals.
      inFile('src/paths/find.ts', "import type { Engine } from '../engine/index.js';"),
      inFile('src/paths/request.ts', "import { compilePathFragments } from '../fragments/index.js';"),
      inFile(
        'src/fragments/runtime/models.ts',
        "import { noRecord } from '../../engine/graph/adjacency.js';",
      ),
      inFile('src/config/keys.ts', "import { defaultImportBatchSize } from '../bulk/index.js';"),
      // The workers area: the engine's entry only; the areas above reach it through its entry.
      inFile('src/workers/share.ts', "import { topologyView } from '../engine/index.js';"),
      inFile('src/paths/find.ts', "import { WorkerPool } from '../workers/index.js';"),
      inFile('src/server/routes/benchmark.ts', "import { WorkerPool } from '../../workers/index.js';"),
      inFile('src/analytics/columns-of.ts', "import { topologyView } from '../engine/index.js';"),
      inFile('src/server/routes/analytics.ts', "import { runAnalytics } from '../../analytics/index.js';"),
      inFile('src/index.ts', "export * from './engine/index.js';"),
      // Hosts: the public API and the entries.
      inFile('src/server/routes/graph.ts', "import type { Engine } from '../../index.js';"),
      inFile('src/server/routes/paths.ts', "import { findPaths } from '../../paths/index.js';"),
      inFile('src/main.ts', "import { runService } from './server/start.js';"),
      // Inside one area anything goes; files outside src are not checked.
      inFile('src/server/app.ts', "import { ProblemError } from './problem.js';"),
      inFile('test/engine/graph.test.ts', "import { Graph } from '../../src/engine/graph/graph.js';"),
    ],
    invalid: [
      // The engine imports nothing outside src/engine, in every import form.
      invalidIn(
        'src/engine/engine.ts',
        "import { ChangeFeed } from '../changefeed/feed.js';",
        'engineOutside',
      ),
      invalidIn('src/engine/engine.ts', "import type { Config } from '../config/index.js';", 'engineOutside'),
      invalidIn('src/engine/engine.ts', "export { findPaths } from '../paths/index.js';", 'engineOutside'),
      invalidIn('src/engine/engine.ts', "export * from '../paths/index.js';", 'engineOutside'),
      invalidIn('src/engine/engine.ts', "const paths = await import('../paths/index.js');", 'engineOutside'),
      invalidIn('src/engine/engine.ts', 'const paths = await import(`../paths/index.js`);', 'engineOutside'),
      invalidIn(
        'src/engine/engine.ts',
        "let find: import('../paths/index.js').FindControl;",
        'engineOutside',
      ),
      // Within the engine, only downwards.
      invalidIn(
        'src/engine/indexes/codec.ts',
        "import { ByteWriter } from '../durability/wal/x.js';",
        'engineUpward',
      ),
      invalidIn(
        'src/engine/tx/apply.ts',
        "import type { GraphIndex } from '../indexes/registry.js';",
        'engineUpward',
      ),
      invalidIn('src/engine/graph/graph.ts', "import type { Engine } from '../engine.js';", 'engineUpward'),
      invalidIn(
        'src/engine/engine.ts',
        "import { writeEmbedding } from './verbs/embeddings.js';",
        'engineUpward',
      ),
      invalidIn(
        'src/engine/engine.ts',
        "import {\n  readEmbedding,\n  writeEmbedding,\n} from './verbs/embeddings.js';",
        'engineUpward',
      ),
      invalidIn('src/engine/novel.ts', "import { Graph } from './graph/graph.js';", 'unknownLayer'),
      {
        ...inFile('src/engine/graph/graph.ts', "import { x } from '../novel/thing.js';"),
        errors: [{ messageId: 'unknownLayer' }],
      },
      // The workers area reads no engine internals and imports no area above it.
      invalidIn('src/workers/share.ts', "import type { Graph } from '../engine/graph/graph.js';", 'door'),
      invalidIn('src/workers/pool.ts', "import { findPaths } from '../paths/index.js';", 'areaUpward'),
      invalidIn(
        'src/server/routes/benchmark.ts',
        "import { WorkerPool } from '../../workers/pool.js';",
        'door',
      ),
      // Hosts reach the engine only through the public API, areas only through their entry.
      invalidIn(
        'src/server/routes/vectors.ts',
        "import { maxK } from '../../engine/indexes/vector/vector-index.js';",
        'door',
      ),
      invalidIn('src/server/app.ts', "import type { Engine } from '../engine/index.js';", 'door'),
      invalidIn(
        'src/main.ts',
        "import { acquireStorageLock } from './engine/durability/storage-lock.js';",
        'door',
      ),
      invalidIn('src/server/routes/paths.ts', "import { findPaths } from '../../paths/find.js';", 'door'),
      invalidIn(
        'src/server/routes/changefeed.ts',
        "import { ChangeFeedStream } from '../../changefeed/sse.js';",
        'door',
      ),
      // Capability areas reach the engine through its entry, except the listed internals.
      invalidIn('src/paths/find.ts', "import type { Engine } from '../engine/engine.js';", 'door'),
      invalidIn(
        'src/storedqueries/registry.ts',
        "import { EngineError } from '../engine/errors.js';",
        'door',
      ),
      invalidIn(
        'src/bulk/import.ts',
        "import { PropertyStore } from '../engine/graph/adjacency.js';",
        'door',
      ),
      invalidIn('src/paths/request.ts', "import { maxFragmentChars } from '../fragments/limits.js';", 'door'),
      // Areas import lower areas only.
      invalidIn('src/bulk/import.ts', "import { buildServer } from '../server/app.js';", 'areaUpward'),
      invalidIn('src/paths/find.ts', "import { Engine } from '../index.js';", 'areaUpward'),
      invalidIn('src/fragments/compiler.ts', "import { findPaths } from '../paths/index.js';", 'areaUpward'),
      invalidIn('src/analytics/pagerank.ts', "import { Subgraphs } from '../config/index.js';", 'areaUpward'),
      invalidIn(
        'src/server/routes/analytics.ts',
        "import { pageRank } from '../../analytics/pagerank.js';",
        'door',
      ),
      // A new area must be given its rule.
      invalidIn('src/telemetry/metrics.ts', "import { x } from './y.js';", 'unknownArea'),
      invalidIn(
        'src/server/routes/telemetry.ts',
        "import { x } from '../../telemetry/index.js';",
        'unknownArea',
      ),
    ],
  });
});
