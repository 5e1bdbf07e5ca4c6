/**
 * Request validation with the contract's valibot schemas. A failure is a 400 problem whose
 * `errors` name each bad field: { "qty": "Amount should be greater than 0" }.
 */
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { isStorableText } from '#domain/contract/common.ts';
import { messages } from '#domain/messages.ts';
import { badRequest } from './errors.ts';
import { refuseUnwieldyJson } from './json-shape.ts';
import { bodyTextAtHand, FORM, hasNoBody } from './request-body.ts';

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
  // A schema without asynchronous checks is parsed synchronously: valibot's asynchronous run awaits
  // every field of an object even when nothing in it is asynchronous.
  const result = schema.async ? await v.safeParseAsync(schema, value) : v.safeParse(schema as v.GenericSchema, value);
  if (result.success) return result.output;
  const fields = fieldErrors(result.issues);
  const names = Object.keys(fields).join(', ');
  throw badRequest(`${what[target] ?? 'The request'} is not valid: ${names}.`, fields);
}

/** Hono middleware: `validate('json', Schema)`, then `c.req.valid('json')` in the handler. */
export function validate<T extends keyof ValidationTargets, S extends AnySchema>(target: T, schema: S) {
  return validator(target, (value, _c: Context) => parseWith(schema, value, target));
}

/**
 * Where the first strings the shop could not store sit in a parsed value: 'address.townCity',
 * 'lines[0]'. Walked with a stack of its own, never by recursion, so no value can exhaust the call
 * stack (a JSON body's depth is also limited before it is parsed: json-shape.ts).
 */
export function unstorablePaths(value: unknown, limit = 10): string[] {
  const found: string[] = [];
  // Pushed last-first, so the places are found in the order the value lists them.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0 && found.length < limit) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) found.push(path || '(body)');
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i] as unknown, path: `${path}[${i}]` });
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      const inOrder: { value: unknown; path: string }[] = [];
      for (const [key, member] of entries) {
        // A key is text the service may keep too.
        if (!isStorableText(key)) found.push(path || '(body)');
        else inOrder.push({ value: member, path: path === '' ? key : `${path}.${key}` });
      }
      for (let i = inOrder.length - 1; i >= 0; i--) stack.push(inOrder[i]!);
    }
  }
  return found.slice(0, limit);
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Hono keeps a segment that is not valid percent-encoding as it came.
    return segment;
  }
}


/**
 * Refuses, before any route or service runs (authentication included), a JSON body nested too
 * deeply or holding too many values (json-shape.ts), and a request whose path, query string or
 * body carries text PostgreSQL could not store (a NUL character, half a surrogate pair): 400 naming each place.
 * The contract's schemas refuse the same text field by field (StorableString); this catches every
 * route at once, also those that read their body themselves.
 */
export const refuseUnstorableInput: MiddlewareHandler = async (c, next) => {
  const fields: Record<string, string> = {};
  const message = messages.unusableCharacters;

  // Only percent-encoding can put such text in a URL: the HTTP parser refuses a NUL in the request
  // line, and a URL holds no half surrogate pair (it is encoded, or read from bytes). Most URLs have
  // no escape at all, so most requests skip decoding their path and query.
  if (c.req.url.includes('%')) {
    const segments = c.req.path.split('/').map(decodedSegment);
    if (segments.some((segment) => !isStorableText(segment))) fields['(path)'] = message;

    for (const [name, values] of Object.entries(c.req.queries())) {
      if (!isStorableText(name) || values.some((value) => !isStorableText(value))) fields[isStorableText(name) ? name : '(query)'] = message;
    }
  }

  // A body read first (server/request-body.ts) is at hand as text; otherwise the Request says
  // whether there is one.
  if (!hasNoBody(c.req.method) && (bodyTextAtHand(c) || c.req.raw.body !== null)) {
    const type = c.req.header('Content-Type') ?? '';
    if (FORM.test(type)) {
      let form: unknown;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw badRequest('The request body is not a form that can be read.');
      }
      for (const path of unstorablePaths(form)) fields[path] = message;
    } else {
      // Read as text (kept for the route: a signed body must reach its check byte for byte).
      const text = await c.req.text();
      // Too deep or too wide to parse and walk: refused before anything does (json-shape.ts).
      refuseUnwieldyJson(text);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined; // Not JSON: the route says so in its own words.
      }
      for (const path of unstorablePaths(json)) fields[path] = message;
    }
  }

  const names = Object.keys(fields);
  if (names.length > 0) {
    throw badRequest(`${message} (${names.join(', ')})`, fields);
  }
  await next();
};
