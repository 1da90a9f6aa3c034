/**
 * The client's commands: parses a command line and runs the subcommand it names (import, export, watch).
 * `main.ts` is the program around it; tests call `run` directly.
 */
import { readFileSync } from 'node:fs';
import { usageError } from './errors.js';
import { exportGraph } from './export.js';
import { importFile } from './import.js';
import { environmentNames, listOption, parseCommand, stringOption, defaultBaseUrl } from './options.js';
import type { Terminal } from './terminal.js';
import { watchFeed } from './watch.js';

export const usage = `Usage: skein <command> [options]

Commands:
  import FILE              stream a JSONL file (or - for standard input) into an empty graph
      --create             with --ns: create the namespace first when it does not exist
  export [-o FILE]         write the graph as JSONL to standard output (or FILE)
      --vertex-label L     only vertices with label L (and edges between them)
      --edge-label L       only edges with label L
      --edge-property-id T only edges of type T
      -q, --quiet          no summary on standard error
  watch                    print change events as they come, until interrupted
      --kinds K,...        vertexCreated, vertexRemoved, edgeCreated, edgeRemoved, propertySet, propertyRemoved
      --elements E,...     vertex, edge
      --labels L,...       exact labels
      --keys K,...         exact property keys
      --since POS          replay from <epoch>:<seq> or a sequence number
      --json               print each event's JSON instead of a readable line
      --count N            stop after N events
      --no-reconnect       exit when the stream drops instead of resuming it
      -q, --quiet          no connection notices on standard error
  help                     this text
  version                  the client's version

Options of every command:
  --base URL       the service (env ${environmentNames.base}, default ${defaultBaseUrl})
  --key KEY        the API key (env ${environmentNames.key})
  --key-header H   the API key's header (env ${environmentNames.keyHeader}, default X-Api-Key)
  --ns NAME        the namespace (default: the default namespace)

Exit codes: 0 done, 1 the operation failed, 2 usage error, 130 interrupted (SIGINT), 143 terminated (SIGTERM).
`;

const importOptions = {
  create: { type: 'boolean' },
} as const;

const exportOptions = {
  'vertex-label': { type: 'string' },
  'edge-label': { type: 'string' },
  'edge-property-id': { type: 'string' },
  output: { type: 'string', short: 'o' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

const watchOptions = {
  kinds: { type: 'string', multiple: true },
  elements: { type: 'string', multiple: true },
  labels: { type: 'string', multiple: true },
  keys: { type: 'string', multiple: true },
  since: { type: 'string' },
  json: { type: 'boolean' },
  count: { type: 'string' },
  'no-reconnect': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

export async function run(args: readonly string[], terminal: Terminal, signal: AbortSignal): Promise<void> {
  const [command, ...rest] = args;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      terminal.stdout.write(usage);
      return;
    case 'version':
    case '--version':
      terminal.stdout.write(`${packageVersion()}\n`);
      return;
    case 'import': {
      const parsed = parseCommand(rest, importOptions, process.env);
      if (parsed.help) return void terminal.stdout.write(usage);
      if (parsed.positionals.length > 1) throw usageError('import takes one FILE');
      return importFile(
        parsed.connection,
        parsed.positionals[0],
        terminal,
        signal,
        parsed.values.create === true,
      );
    }
    case 'export': {
      const parsed = parseCommand(rest, exportOptions, process.env);
      if (parsed.help) return void terminal.stdout.write(usage);
      if (parsed.positionals.length > 0)
        throw usageError(`export takes no FILE argument; use -o FILE or > FILE`);
      const { values } = parsed;
      return exportGraph(
        parsed.connection,
        {
          vertexLabel: stringOption(values['vertex-label']),
          edgeLabel: stringOption(values['edge-label']),
          edgePropertyId: stringOption(values['edge-property-id']),
        },
        stringOption(values.output),
        terminal,
        signal,
        values.quiet === true,
      );
    }
    case 'watch': {
      const parsed = parseCommand(rest, watchOptions, process.env);
      if (parsed.help) return void terminal.stdout.write(usage);
      if (parsed.positionals.length > 0) throw usageError('watch takes no arguments');
      const { values } = parsed;
      return watchFeed(
        parsed.connection,
        {
          kinds: listOption(values.kinds),
          elements: listOption(values.elements),
          labels: listOption(values.labels),
          keys: listOption(values.keys),
          since: stringOption(values.since),
        },
        {
          json: values.json === true,
          count: countOption(values.count),
          reconnect: values['no-reconnect'] !== true,
          quiet: values.quiet === true,
        },
        terminal,
        signal,
      );
    }
    default:
      throw usageError(`unknown command "${command}"`);
  }
}

function countOption(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || !Number.isSafeInteger(count) || count < 1) {
    throw usageError(`--count "${String(value)}" must be a positive integer`);
  }
  return count;
}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
