/**
 * Whether an answer of the API is one its OpenAPI document describes: the operation (method and
 * path), the status, the media type and the body, its schema checked by Ajv (JSON Schema
 * 2020-12 with formats). Used by the test servers (server/testing.ts) on every answer of the
 * server tests. Each schema is compiled once, when an answer first needs it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { OpenApiDocument } from './document.ts';

// ajv-formats is CommonJS whose default export TypeScript sees as the module object.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

const DOCUMENT_ID = 'openapi.json';

interface Candidate {
  template: string;
  path: RegExp;
  /** The same with a parameter left empty (/session/): the router may take it, or may not. */
  withEmpty: RegExp;
  params: number;
}

/** JSON pointer escaping (RFC 6901). */
const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export interface AnswerChecker {
  /** What does not conform, in words; empty when the answer is one the document describes. */
  check(method: string, path: string, status: number, contentType: string | null, body: string): string[];
}

export function answerChecker(document: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document as object, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const validator = (ref: string): ValidateFunction => {
    let validate = compiled.get(ref);
    if (validate === undefined) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${ref}` });
      compiled.set(ref, validate);
    }
    return validate;
  };

  const expression = (template: string, segment: string) =>
    new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, segment)}$`);
  const candidates: Candidate[] = Object.keys(document.paths).map((template) => ({
    template,
    path: expression(template, '[^/]+'),
    withEmpty: expression(template, '[^/]*'),
    params: (template.match(/\{/g) ?? []).length,
  }));

  return {
    check(method, path, status, contentType, body) {
      const verb = method.toLowerCase();
      // The most specific template first: /stores/default before /stores/{id}.
      const answering = candidates.filter((c) => document.paths[c.template]?.[verb] !== undefined).sort((a, b) => a.params - b.params);
      const exact = answering.find((c) => c.path.test(path));
      const emptied = exact === undefined ? answering.find((c) => c.withEmpty.test(path)) : undefined;
      const template = exact?.template ?? emptied?.template;
      const where = `${method} ${path} -> ${status}`;
      // A path with an empty parameter (/session/) may be taken by the route, whose check refuses
      // it, or by nothing at all.
      if (template === undefined || (emptied !== undefined && status === 404)) {
        // Nothing is there: the not-found problem, the same for every address.
        if (status === 404) return checkBody('/components/schemas/Problem', 'application/problem+json');
        return [`${where}: the document describes no ${method} ${path}`];
      }
      const responses = document.paths[template]![verb]!.responses as Record<string, { content?: Record<string, unknown> }>;
      const response = responses[String(status)];
      if (response === undefined) return [`${where}: status ${status} is not among those the document gives for ${method} ${template} (${Object.keys(responses).join(', ')})`];
      const types = Object.keys(response.content ?? {});
      const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
      if (body === '') {
        // An empty body is right where nothing is described, or for a status that never has one.
        return types.length === 0 || status === 204 || status === 304 ? [] : [`${where}: no body, where the document gives ${types.join(', ')}`];
      }
      if (types.length === 0) return [`${where}: a body (${mediaType || 'no type'}), where the document gives none`];
      const type = types.includes(mediaType) ? mediaType : types.includes('*/*') ? '*/*' : null;
      if (type === null) return [`${where}: ${mediaType || 'no Content-Type'}, where the document gives ${types.join(', ')}`];
      return checkBody(`/${pointer('paths', template, verb, 'responses', String(status), 'content', type, 'schema')}`, type);

      function checkBody(ref: string, type: string): string[] {
        let value: unknown = body;
        if (/json$/.test(type)) {
          try {
            value = JSON.parse(body);
          } catch {
            return [`${where}: the body is not JSON`];
          }
        } else if (type === 'text/html' || type === '*/*') {
          return [];
        }
        const validate = validator(ref);
        if (validate(value)) return [];
        return (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message ?? 'does not match'} (${e.schemaPath})`);
      }
    },
  };
}
