/**
 * Request validation with the contract's valibot schemas. A failure is a 400 problem whose
 * `errors` name each bad field: { "qty": "Amount should be greater than 0" }.
 */
import type { Context, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { badRequest } from './errors.ts';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '(body)';
    fields[path] ??= issue.message;
  }
  return fields;
}

const what: Partial<Record<keyof ValidationTargets, string>> = {
  json: 'The request body',
  query: 'The query string',
  param: 'The path',
  header: 'The headers',
};

/** Parses a target (json, query, param ...) with a schema, or throws a 400 problem naming the fields. */
export async function parseWith<S extends AnySchema>(schema: S, value: unknown, target: keyof ValidationTargets): Promise<v.InferOutput<S>> {
  const result = await v.safeParseAsync(schema, value);
  if (result.success) return result.output;
  const fields = fieldErrors(result.issues);
  const names = Object.keys(fields).join(', ');
  throw badRequest(`${what[target] ?? 'The request'} is not valid: ${names}.`, fields);
}

/** Hono middleware: `validate('json', Schema)`, then `c.req.valid('json')` in the handler. */
export function validate<T extends keyof ValidationTargets, S extends AnySchema>(target: T, schema: S) {
  return validator(target, (value, _c: Context) => parseWith(schema, value, target));
}
