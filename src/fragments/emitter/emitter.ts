/**
 * The emitter: a lowered fragment to the JavaScript body of its factory `(rt, context) => delegate`
 * (compiler.ts loads it with `new Function('rt', 'context', ...)` in strict mode). The shape:
 *
 *   const kRange = ...;                       helpers the code needs beyond the runtime (emit-context.ts)
 *   const h0 = rt.key("age");                 hoisted constants: property keys, decimals, ...
 *   const c0 = rt.out(0);                     one out cell per call site with out arguments
 *   let t0;                                   the factory's temps
 *   let l1 = 30;                              the fragment method's statements, run once per request
 *   return (l0) => { rt.enter(); let t1; ... return ...; };
 *
 * Budget: the root lambda's body starts with `rt.enter()`; every other lambda body and every loop
 * iteration starts with `rt.tick()`, so a fragment that never ends is stopped (budget.ts).
 *
 * The generated code names nothing but `rt`, `context` and its own generated names; member accesses are
 * the runtime bindings' (runtime-call.ts) and the few the emitter writes itself on values whose
 * representation it knows (`.length` and indexing of arrays and strings, `.value` of out cells).
 */
import type { LBlock, LLambda, LoweredFragment, LoweredStatement, Temp } from '../lowering/lowered.js';
import { EmitContext, type RuntimeBindingLookup } from './emit-context.js';
import { defaultValue, emitExpression, localName, operand } from './emit-expressions.js';
import { runtimeBinding } from './runtime-bindings.js';

export interface EmitOptions {
  /** The runtime binding table; runtime-bindings.ts unless a test passes its own. */
  readonly runtimeBinding?: RuntimeBindingLookup;
}

const INDENT = '  ';

/** The factory body of a lowered fragment. */
export function emitFragment(fragment: LoweredFragment, options: EmitOptions = {}): string {
  if (fragment.empty) return 'return null;\n';
  const context = new EmitContext(options.runtimeBinding ?? runtimeBinding);
  const body: string[] = [];
  declareTemps(fragment.temps, body, '');
  for (const statement of fragment.body.statements) emitStatement(context, statement, body, '');
  const cells = fragment.cells.map(
    (cell) => `const c${cell.id} = rt.out(${defaultValue(context, cell.type)});`,
  );
  return [...context.factoryPrologue(), ...cells, ...body].join('\n') + '\n';
}

function declareTemps(temps: readonly Temp[], into: string[], indent: string): void {
  if (temps.length > 0) into.push(`${indent}let ${temps.map((temp) => `t${temp.id}`).join(', ')};`);
}

/** A lambda as a JavaScript arrow function with a block body. */
export function emitLambda(context: EmitContext, lambda: LLambda): string {
  const lines: string[] = [lambda.root ? `${INDENT}rt.enter();` : `${INDENT}rt.tick();`];
  declareTemps(lambda.temps, lines, INDENT);
  for (const statement of lambda.body.statements) emitStatement(context, statement, lines, INDENT);
  const parameters = lambda.parameters.map(localName).join(', ');
  return `((${parameters}) => {\n${lines.join('\n')}\n})`;
}

function block(context: EmitContext, body: LBlock, indent: string, prefix: readonly string[] = []): string {
  const inner = indent + INDENT;
  const lines = prefix.map((line) => inner + line);
  for (const statement of body.statements) emitStatement(context, statement, lines, inner);
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
}

/** The condition of `if`/`while`: a JavaScript expression in parentheses. */
function condition(context: EmitContext, node: Parameters<typeof emitExpression>[1]): string {
  return emitExpression(context, node);
}

function emitStatement(
  context: EmitContext,
  statement: LoweredStatement,
  into: string[],
  indent: string,
): void {
  switch (statement.kind) {
    case 'Block':
      into.push(indent + block(context, statement, indent));
      return;
    case 'Declare': {
      const value =
        statement.initializer === undefined
          ? defaultValue(context, statement.symbol.type)
          : emitExpression(context, statement.initializer);
      into.push(`${indent}let ${localName(statement.symbol)} = ${value};`);
      return;
    }
    case 'Expression':
      into.push(`${indent}${emitExpression(context, statement.expression)};`);
      return;
    case 'If': {
      let text = `${indent}if (${condition(context, statement.condition)}) ${block(context, statement.then, indent)}`;
      if (statement.else !== undefined) text += ` else ${block(context, statement.else, indent)}`;
      into.push(text);
      return;
    }
    case 'While': {
      if (statement.conditionDeclarations.length === 0) {
        const test = condition(context, statement.condition);
        into.push(`${indent}while (${test}) ${block(context, statement.body, indent, ['rt.tick();'])}`);
        return;
      }
      // Variables the condition declares are fresh per iteration: the test moves inside the loop.
      const declarations = statement.conditionDeclarations.map(
        (symbol) => `let ${localName(symbol)} = ${defaultValue(context, symbol.type)};`,
      );
      const test = `if (!${operand(condition(context, statement.condition))}) break;`;
      into.push(
        `${indent}for (;;) ${block(context, statement.body, indent, ['rt.tick();', ...declarations, test])}`,
      );
      return;
    }
    case 'DoWhile': {
      const body = block(context, statement.body, indent, ['rt.tick();']);
      into.push(`${indent}do ${body} while (${condition(context, statement.condition)});`);
      return;
    }
    case 'For': {
      const test = statement.condition === undefined ? '' : ` ${condition(context, statement.condition)}`;
      const step = statement.incrementors
        .map((incrementor) => emitExpression(context, incrementor))
        .join(', ');
      const body = block(context, statement.body, indent, ['rt.tick();']);
      into.push(`${indent}for (;${test};${step === '' ? '' : ` ${step}`}) ${body}`);
      return;
    }
    case 'ForIndex': {
      const items = `t${statement.collection.temp.id}`;
      const index = `t${statement.index.temp.id}`;
      const body = block(context, statement.body, indent, ['rt.tick();']);
      into.push(`${indent}for (${index} = 0; ${index} < ${items}.length; ${index}++) ${body}`);
      return;
    }
    case 'ForOf': {
      const iterable = emitExpression(context, statement.iterable);
      const body = block(context, statement.body, indent, ['rt.tick();']);
      into.push(`${indent}for (t${statement.element.temp.id} of ${iterable}) ${body}`);
      return;
    }
    case 'Break':
      into.push(`${indent}break;`);
      return;
    case 'Continue':
      into.push(`${indent}continue;`);
      return;
    case 'Return':
      into.push(
        statement.value === undefined
          ? `${indent}return;`
          : `${indent}return ${emitExpression(context, statement.value)};`,
      );
      return;
  }
}
