/**
 * `skein/layers`: the import rules of docs/architecture.md, checked on every relative import, re-export,
 * `import type`, dynamic `import()` and `import('...')` type of a file under src/.
 *
 * 1. The engine (src/engine) imports nothing outside src/engine.
 * 2. Inside the engine, each top-level folder or root file is a layer (`engineLayers`, lowest first): a
 *    file imports its own layer and lower ones only, so no two layers import each other.
 * 3. The areas of src (`areas`, lowest first) import lower areas only, and only through their door: the
 *    server, the CLI and main.ts reach the engine through the public API (src/index.ts) and every other
 *    area through its entry (src/<area>/index.ts); the capability areas reach the engine through its
 *    entry (src/engine/index.ts), except the storage internals listed in `engineInternalsReadBy`.
 *
 * A folder or root file missing from these tables is reported, so a new one gets its rule when it is
 * added. Adding one:
 *
 * - a folder of src/engine (say src/engine/subgraphs): put its name into `engineLayers` above everything
 *   it imports and below everything that imports it;
 * - a capability folder of src (src/subgraphs, src/workers, src/analytics, src/telemetry, src/plugins, src/documents,
 *   src/integrations): give it an entry module (index.ts) and put it into `areas` above the areas it
 *   uses and below those that use it (the public API `index.ts`, `server`), with `door: entryOf(name)`;
 * - a browser UI outside src (studio/) speaks HTTP only: give it a block in eslint.config.mjs that forbids
 *   importing src/ (for example `no-restricted-imports` with the pattern `**\/src/**`).
 *
 * The option `root` is the repository's root directory (eslint.config.mjs passes its own directory).
 */
import path from 'node:path';

/** The layers of src/engine, lowest first (docs/architecture.md says why each sits where it does). */
export const engineLayers = [
  'errors.ts',
  'model',
  'storage',
  'codec',
  'vectors',
  'registrations',
  'embeddings',
  'graph',
  'tx',
  'indexes',
  'changefeed',
  'engine.ts',
  'verbs',
  'namespaces',
  'durability',
  'index.ts',
];

const engineEntry = 'src/engine/index.ts';
const publicApi = 'src/index.ts';

/** The entry module of a capability area. */
function entryOf(area) {
  return `src/${area}/index.ts`;
}

/**
 * The areas of src, lowest first. `door`: the one module other areas import it through. `engineDoor`:
 * how the area reaches the engine, its entry (`engine`) or the public API (`public`, for hosts).
 */
export const areas = [
  { name: 'engine', door: engineEntry },
  { name: 'workers', door: entryOf('workers'), engineDoor: 'engine' },
  { name: 'fragments', door: entryOf('fragments'), engineDoor: 'engine' },
  { name: 'bulk', door: entryOf('bulk'), engineDoor: 'engine' },
  { name: 'changefeed', door: entryOf('changefeed'), engineDoor: 'engine' },
  { name: 'storedqueries', door: entryOf('storedqueries'), engineDoor: 'engine' },
  { name: 'paths', door: entryOf('paths'), engineDoor: 'engine' },
  { name: 'subgraphs', door: entryOf('subgraphs'), engineDoor: 'engine' },
  { name: 'analytics', door: entryOf('analytics'), engineDoor: 'engine' },
  { name: 'config', door: entryOf('config'), engineDoor: 'engine' },
  { name: 'index.ts', door: publicApi, engineDoor: 'engine' },
  { name: 'server', door: 'src/server/start.ts', engineDoor: 'public' },
  { name: 'cli', door: 'src/cli/main.ts', engineDoor: 'public' },
  { name: 'main.ts', door: 'src/main.ts', engineDoor: 'public' },
];

/**
 * Engine modules outside its entry that a capability area may still import: the storage internals the
 * fragment runtime and bulk export read in their hot loops (typed-array layouts, tag codes), and the
 * value text forms the fragment runtime shares with the engine. Closed: anything else goes through
 * src/engine/index.ts (docs/architecture.md, "What remains").
 */
export const engineInternalsReadBy = {
  bulk: [
    'src/engine/embeddings/names.ts',
    'src/engine/embeddings/pin.ts',
    'src/engine/graph/graph.ts',
    'src/engine/graph/property-store.ts',
    'src/engine/storage/block-pool.ts',
    'src/engine/vectors/metric.ts',
    'src/engine/verbs/embeddings.ts',
  ],
  fragments: [
    'src/engine/embeddings/names.ts',
    'src/engine/graph/adjacency.ts',
    'src/engine/graph/graph.ts',
    'src/engine/graph/property-store.ts',
    'src/engine/model/datetime-text.ts',
    'src/engine/model/decimal-text.ts',
    'src/engine/model/guid-text.ts',
    'src/engine/model/interner.ts',
    'src/engine/vectors/kernel.ts',
  ],
};

/** `src/a/b.ts` for a file, or null outside the repository's src. */
function repoPath(root, absolute) {
  const relative = path.relative(root, absolute).split(path.sep).join('/');
  return relative.startsWith('../') || path.isAbsolute(relative) ? null : relative;
}

/** The area of a src path (a folder, or a file at src's root), or null outside src. */
function areaOf(file) {
  const parts = file.split('/');
  return parts[0] === 'src' && parts.length >= 2 ? parts[1] : null;
}

/** The engine layer of a src/engine path: its top-level folder or root file. */
function layerOf(file) {
  return file.split('/')[2];
}

function rankOf(table, name) {
  return table.indexOf(name);
}

const areaNames = areas.map((area) => area.name);

/** The source a TypeScript import resolves: `./x.js` names `./x.ts`. */
function sourcePath(target) {
  return target.replace(/\.(m?)js$/, '.$1ts');
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers and doors of docs/architecture.md' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      engineOutside:
        "src/engine imports nothing outside src/engine, not '{{target}}' (docs/architecture.md).",
      engineUpward:
        "The engine layer '{{from}}' may not import '{{target}}' of the higher layer '{{to}}' " +
        '(engineLayers in eslint-rules/layers.mjs, docs/architecture.md).',
      unknownLayer:
        "'src/engine/{{layer}}' is not in the engine's layer table: give it a layer in eslint-rules/layers.mjs.",
      unknownArea: "'src/{{area}}' is not in the area table: add its rule to eslint-rules/layers.mjs.",
      areaUpward:
        "src/{{from}} may not import '{{target}}': an area imports only lower areas (docs/architecture.md).",
      door: "src/{{from}} reaches src/{{to}} only through {{door}}, not '{{target}}' (docs/architecture.md).",
    },
  },

  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const file = repoPath(root, context.filename);
    const fromArea = file === null ? null : areaOf(file);
    if (file === null || fromArea === null) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = repoPath(root, sourcePath(path.resolve(path.dirname(context.filename), specifier)));
      const shown = target ?? specifier;
      const toArea = target === null ? null : areaOf(target);
      if (fromArea === 'engine') {
        if (toArea !== 'engine') {
          context.report({ node, messageId: 'engineOutside', data: { target: shown } });
          return;
        }
        const from = layerOf(file);
        const to = layerOf(target);
        if (rankOf(engineLayers, from) < 0) return; // reported once, on the file itself
        if (rankOf(engineLayers, to) < 0) {
          context.report({ node, messageId: 'unknownLayer', data: { layer: to } });
        } else if (rankOf(engineLayers, to) > rankOf(engineLayers, from)) {
          context.report({ node, messageId: 'engineUpward', data: { from, to, target: shown } });
        }
        return;
      }
      if (toArea === null || toArea === fromArea) return;
      const to = areas[rankOf(areaNames, toArea)];
      const from = areas[rankOf(areaNames, fromArea)];
      if (to === undefined) {
        context.report({ node, messageId: 'unknownArea', data: { area: toArea } });
        return;
      }
      if (from === undefined) return; // reported once, on the file itself
      if (rankOf(areaNames, toArea) > rankOf(areaNames, fromArea)) {
        context.report({ node, messageId: 'areaUpward', data: { from: fromArea, target: shown } });
        return;
      }
      if (toArea === 'engine') {
        if (from.engineDoor === 'public') {
          context.report({
            node,
            messageId: 'door',
            data: { from: fromArea, to: 'engine', door: `the public API (${publicApi})`, target: shown },
          });
        } else if (target !== engineEntry && !(engineInternalsReadBy[fromArea] ?? []).includes(target)) {
          context.report({
            node,
            messageId: 'door',
            data: { from: fromArea, to: 'engine', door: engineEntry, target: shown },
          });
        }
        return;
      }
      if (target !== to.door) {
        context.report({
          node,
          messageId: 'door',
          data: { from: fromArea, to: toArea, door: to.door, target: shown },
        });
      }
    }

    const fromSource = (node) => check(node.source, node.source?.value);

    return {
      Program(node) {
        if (!areaNames.includes(fromArea)) {
          context.report({ node, messageId: 'unknownArea', data: { area: fromArea } });
        } else if (fromArea === 'engine' && rankOf(engineLayers, layerOf(file)) < 0) {
          context.report({ node, messageId: 'unknownLayer', data: { layer: layerOf(file) } });
        }
      },
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: (node) => {
        if (node.source) fromSource(node);
      },
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        const source = node.source;
        if (source.type === 'Literal') check(source, source.value);
        else if (source.type === 'TemplateLiteral' && source.expressions.length === 0) {
          check(source, source.quasis[0].value.cooked);
        }
      },
      TSImportType(node) {
        // `import('./x.js').Name` in a type; the argument is a literal type node.
        const argument = node.argument;
        const literal = argument?.type === 'TSLiteralType' ? argument.literal : argument;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
    };
  },
};

export default rule;
