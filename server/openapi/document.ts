/**
 * The API's OpenAPI 3.1 document, built from the contract: the route table and its descriptions
 * (domain/contract/routes.ts, operations.ts) and the routes of the server's own
 * (server-operations.ts), every schema converted from the same valibot schemas the server
 * validates with and the app parses with (@valibot/to-json-schema, JSON Schema 2020-12, the
 * input side: what goes over the wire). Loaded on the first request for it, never at start.
 */
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import * as branches from '#domain/contract/branches.ts';
import * as cart from '#domain/contract/cart.ts';
import * as catalogue from '#domain/contract/catalogue.ts';
import * as common from '#domain/contract/common.ts';
import * as manageOrder from '#domain/contract/manage-order.ts';
import * as order from '#domain/contract/order.ts';
import { operations, secondMethods, type Answer, type FieldsSchema, type Operation } from '#domain/contract/operations.ts';
import { SESSION_TOKEN_HEADER } from '#domain/contract/routes.ts';
import { apiRoutes, type ApiRouteName } from '#domain/contract/api-routes.ts';
import * as session from '#domain/contract/session.ts';
import * as email from '#domain/email.ts';
import * as rateAlert from '#domain/rate-alert.ts';
import { PaymentEventSchema } from '../psp/events.ts';
import { groupCardNumber, TEST_CARDS } from '../psp/test-cards.ts';
import { CallbackAnswerSchema, HealthSchema, RatesImportSchema, serverOperations, type ServerOperation } from './server-operations.ts';

export interface OpenApiOptions {
  /** The API's base URL (API_BASE): the document's server. */
  apiBase: string;
  /** Whether the operations routes are there (OPS_TOKEN is set). */
  opsRoutes: boolean;
}

/** Every operation of the document: method, path pattern (`:name`), id and description. */
export interface DescribedOperation extends ServerOperation {
  operationId: string;
}

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };

function isSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

/**
 * Every named schema of the contract (an export called `<Name>Schema`) is a component named
 * `<Name>`; paths and queries are described as parameters instead.
 */
function namedSchemas(): Record<string, v.GenericSchema> {
  const modules = [common, catalogue, session, branches, cart, order, manageOrder, email, rateAlert];
  const named: Record<string, v.GenericSchema> = {};
  for (const module of modules) {
    for (const [exported, value] of Object.entries(module)) {
      if (!exported.endsWith('Schema') || /(?:Params|Query)Schema$/.test(exported) || !isSchema(value)) continue;
      const name = exported.slice(0, -'Schema'.length);
      if (named[name] !== undefined && named[name] !== value) throw new Error(`Two contract schemas are named ${name}`);
      named[name] = value;
    }
  }
  return { ...named, PaymentEvent: PaymentEventSchema, CallbackAnswer: CallbackAnswerSchema, RatesImport: RatesImportSchema, Health: HealthSchema };
}

/** Every operation the API answers, with its id: the contract's table first. */
export function describedOperations(options: Pick<OpenApiOptions, 'opsRoutes'>): DescribedOperation[] {
  const table = (Object.keys(apiRoutes) as ApiRouteName[]).map((name) => ({ operationId: name, ...apiRoutes[name], ...operations[name] }));
  const more = Object.entries(secondMethods).map(([operationId, op]) => ({ operationId, ...op }));
  const own = Object.entries(serverOperations)
    .filter(([, op]) => options.opsRoutes || op.access !== 'ops')
    .map(([operationId, op]) => ({ operationId, ...op }));
  return [...table, ...more, ...own];
}

/** `/api/cart/line/:id` as OpenAPI writes it: `/api/cart/line/{id}`. */
export const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

const isOptional = (schema: v.GenericSchema) => ['optional', 'nullish', 'exact_optional', 'undefinedable'].includes(schema.type);

const SECURITY: Record<Operation['access'], Record<string, string[]>[]> = {
  none: [],
  session: [{ sessionToken: [] }],
  'optional-session': [{}, { sessionToken: [] }],
  ops: [{ opsToken: [] }],
};

const COMMON_PROBLEMS = {
  400: 'The request is not valid: each field named in `errors`.',
  401: 'The session token is missing, malformed, expired or revoked: start a session again.',
  403: "The session token may not be used here (another session's cart or order, another site).",
  413: 'The request body is too large.',
  429: 'Too many requests: try again after Retry-After seconds.',
  500: 'Something went wrong on the shop\'s side.',
} as const;

const HEADERS: Record<string, { description: string; schema: JsonSchema }> = {
  Location: { description: 'Where the answer points.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before asking again.', schema: { type: 'string', pattern: '^\\d+$' } },
  ETag: { description: 'The version of the answer, for If-None-Match.', schema: { type: 'string' } },
  [SESSION_TOKEN_HEADER]: {
    description: 'A renewed session token, sent when the call moved the session to another cart or order: use it from now on.',
    schema: { type: 'string' },
  },
};

function intro(options: OpenApiOptions): string {
  const cards = TEST_CARDS.map((card) => `| \`${groupCardNumber(card.number)}\` | ${card.label} |`).join('\n');
  return `The Travel Money Shop's API: the calculator's rates and content, branches, the cart, the checkout, the hosted card payment and manage my order. Every answer is JSON unless said otherwise; every error is \`application/problem+json\` with a \`title\`, a \`detail\` and a \`requestId\` (and, for invalid input, \`errors\` naming each field).

## A session token

Carts and orders belong to a session. Start one with \`POST /session/{siteId}\` (no body; site 1 is the shop itself):

    curl -X POST ${options.apiBase}/session/1

The answer \`{ "token": "..." }\` is a signed token (JWT) with an expiry; send it as \`Authorization: Bearer <token>\` on the calls marked with the lock. A call that moves the session to another cart or order answers a renewed token in the \`${SESSION_TOKEN_HEADER}\` header: use that one from then on. When the token has expired, \`GET /session/{siteId}/token\` with it answers a fresh one. Here, press **Authorize** and paste the token to try the calls.

## Paying in the sandbox

\`POST /api/order/create-payment-intent\` answers the address of the sandbox payment provider's card page (its \`Location\`). The provider's test cards (any future expiry date, any 3-digit CVC, any name):

| card number | result |
|---|---|
${cards}

Any other valid card number is declined.`;
}

/** The OpenAPI 3.1 document of the API. */
export function openApiDocument(options: OpenApiOptions): OpenApiDocument {
  const definitions = namedSchemas();
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'throw',
    // Checks in code (storable text, finite numbers) and normalisations (trim, upper case) have no
    // JSON Schema words: the server still applies them, and answers 400 when one fails.
    ignoreActions: ['check', 'finite', 'trim', 'to_upper_case'],
    definitions,
    overrideRef: (context) => `#/components/schemas/${context.referenceId}`,
  };
  const convert = (schema: v.GenericSchema): JsonSchema => {
    const { $schema: _, $defs: __, ...rest } = toJsonSchema(schema, config) as JsonSchema & { $defs?: unknown };
    return rest;
  };

  const parameters = (fields: FieldsSchema | undefined, where: 'path' | 'query') =>
    Object.entries(fields?.entries ?? {}).map(([name, schema]) => ({
      name,
      in: where,
      required: where === 'path' || !isOptional(schema),
      schema: convert(schema),
    }));

  const answer = (description: string, a: Answer | undefined, problem: boolean) => {
    const content: Record<string, { schema: JsonSchema }> = {};
    if (a?.json) content['application/json'] = { schema: convert(a.json) };
    if (a?.text) content['text/plain'] = { schema: convert(a.text) };
    if (a?.html) content['text/html'] = { schema: { type: 'string' } };
    if (a?.file) content['*/*'] = { schema: { type: 'string' } };
    if (problem) content['application/problem+json'] = { schema: { $ref: '#/components/schemas/Problem' } };
    const headers = Object.fromEntries((a?.headers ?? []).map((name) => [name, HEADERS[name]]));
    return {
      description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(Object.keys(content).length > 0 ? { content } : {}),
    };
  };

  const paths: OpenApiDocument['paths'] = {};
  const described = describedOperations(options);
  for (const op of described) {
    const problems: Partial<Record<number, string>> = {
      400: COMMON_PROBLEMS[400],
      ...(op.body !== undefined || op.method !== 'GET' ? { 413: COMMON_PROBLEMS[413] } : {}),
      ...(op.access === 'session' ? { 401: COMMON_PROBLEMS[401], 403: COMMON_PROBLEMS[403] } : {}),
      ...(op.access === 'ops' ? { 401: 'The operations token is missing or wrong.' } : {}),
      ...(op.limited ? { 429: COMMON_PROBLEMS[429] } : {}),
      500: COMMON_PROBLEMS[500],
      ...op.problems,
    };
    const statuses = [...new Set([...Object.keys(op.answers), ...Object.keys(problems)].map(Number))].sort((a, b) => a - b);
    const responses = Object.fromEntries(
      statuses.map((status) => {
        const own = op.answers[status];
        const why = problems[status];
        const described = answer([own?.description, why].filter(Boolean).join(' Or a problem: '), own, why !== undefined);
        // A 429 or 503 problem says when to ask again.
        if (why !== undefined && (status === 429 || status === 503)) (described as { headers?: unknown }).headers = { 'Retry-After': HEADERS['Retry-After'] };
        return [String(status), described];
      }),
    );
    const path = openApiPath(op.pattern);
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description === undefined ? {} : { description: op.description }),
      security: SECURITY[op.access],
      parameters: [
        ...parameters(op.params, 'path'),
        ...parameters(op.query, 'query'),
        ...(op.header === undefined ? [] : [{ name: op.header.name, in: 'header', required: true, description: op.header.description, schema: { type: 'string' } }]),
      ],
      ...(op.body === undefined ? {} : { requestBody: { required: op.body.required, content: { [op.body.type]: { schema: convert(op.body.schema) } } } }),
      responses,
    };
  }

  const schemas = toJsonSchemaDefs(definitions, config) as Record<string, JsonSchema>;
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'Travel Money Shop API', version: '1', description: intro(options) },
    servers: [{ url: options.apiBase, description: "This shop's API" }],
    tags: [...new Set(described.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        sessionToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The session token from `POST /session/{siteId}`.' },
        ...(options.opsRoutes ? { opsToken: { type: 'http', scheme: 'bearer', description: "The shop's OPS_TOKEN, for support staff." } } : {}),
      },
      schemas: {},
    },
  };
  (document.components as { schemas: Record<string, JsonSchema> }).schemas = usedSchemas(document, schemas);
  return document;
}

/** The components the document refers to, and those they refer to, in name order. */
function usedSchemas(document: unknown, all: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, member] of Object.entries(value)) {
        if (key === '$ref' && typeof member === 'string' && member.startsWith('#/components/schemas/')) {
          const name = member.slice('#/components/schemas/'.length);
          if (!used.has(name)) {
            used.add(name);
            const { $schema: _, ...schema } = all[name] as JsonSchema & { $schema?: unknown };
            visit(schema);
          }
        } else visit(member);
      }
    }
  };
  visit(document);
  return Object.fromEntries(
    [...used].sort().map((name) => {
      const { $schema: _, ...schema } = all[name] as JsonSchema & { $schema?: unknown };
      return [name, schema];
    }),
  );
}
