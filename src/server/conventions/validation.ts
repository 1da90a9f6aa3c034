/**
 * Schema validation. Route segments and query strings are text, so their values are coerced to the
 * declared types; JSON bodies are not: a number where a string is expected is a 400, as the ancestor's
 * binder answers.
 */
import { Ajv, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false };
const bodyAjv = new Ajv({ ...shared, coerceTypes: false });
const textAjv = new Ajv({ ...shared, coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema as object);
};
