/**
 * Schema validation. Route segments and query strings are text, so their values are coerced to the
 * declared types; JSON bodies are not: a number where a string is expected is a 400, as the ancestor's
 * binder answers.
 *
 * A body that is a long array (a batch of 100,000 items) is validated a slice of items at a time, with a
 * turn of the event loop between slices (docs/http.md, "Large requests and answers"): the array's own
 * keywords first, then each item in order against the item schema, so the first failure, its path and
 * message are those of a validation in one piece (whose keywords check `maxItems` before the items, and
 * stop at the first failing item).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';

/** Ajv's data context (where a value sits in the data), the second argument of a validate function. */
type DataValidationCxt = NonNullable<Parameters<ValidateFunction>[1]>;
import type { FastifySchemaCompiler } from 'fastify';
import { batchItemsPerSlice } from '../wire/batches.js';

const shared: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false };
const bodyAjv = new Ajv({ ...shared, coerceTypes: false });
const textAjv = new Ajv({ ...shared, coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === 'body' && isArrayOfItems(schema)) {
    // Fastify awaits a validator's promise; its type wants a branded one.
    return slicedArrayValidator(schema) as unknown as ReturnType<FastifySchemaCompiler<unknown>>;
  }
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema as object);
};

interface ArraySchema {
  type: 'array';
  items: object;
}

function isArrayOfItems(schema: unknown): schema is ArraySchema {
  const candidate = schema as Partial<ArraySchema> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.type === 'array' &&
    typeof candidate.items === 'object' &&
    candidate.items !== null &&
    !Array.isArray(candidate.items)
  );
}

/** A validator as Fastify calls it: Ajv's shape, answering a promise for a long array. */
interface SlicedValidator {
  (data: unknown, context?: DataValidationCxt): boolean | Promise<boolean>;
  errors: ErrorObject[] | null | undefined;
  schemaEnv: unknown;
}

function slicedArrayValidator(schema: ArraySchema): SlicedValidator {
  const whole = bodyAjv.compile(schema);
  const shell = bodyAjv.compile({ ...schema, items: {} });
  const item: ValidateFunction = bodyAjv.compile(schema.items);
  const validate = ((data: unknown, context?: DataValidationCxt) => {
    if (!Array.isArray(data) || data.length <= batchItemsPerSlice) {
      const valid = whole(data, context);
      validate.errors = whole.errors;
      return valid;
    }
    if (!shell(data, context)) {
      validate.errors = shell.errors;
      return false;
    }
    return validateItems(data).then((errors) => {
      validate.errors = errors;
      return errors === null;
    });
  }) as SlicedValidator;
  validate.errors = null;
  // Fastify passes the data context to a validator that has one (so defaults may apply at the root).
  validate.schemaEnv = whole.schemaEnv;

  async function validateItems(data: unknown[]): Promise<ErrorObject[] | null> {
    for (let start = 0; start < data.length; start += batchItemsPerSlice) {
      if (start > 0) await yieldToEventLoop();
      const end = Math.min(data.length, start + batchItemsPerSlice);
      for (let i = start; i < end; i++) {
        const context: DataValidationCxt = {
          instancePath: `/${i}`,
          parentData: data,
          parentDataProperty: i,
          rootData: data,
          dynamicAnchors: {},
        };
        if (!item(data[i], context)) return item.errors ?? [];
      }
    }
    return null;
  }

  return validate;
}
