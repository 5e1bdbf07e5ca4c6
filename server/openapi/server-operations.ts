/**
 * The API's routes that are not in the contract's table: the payment provider's callback, the
 * operations routes (with OPS_TOKEN), the health check and this description itself. Described the
 * same way as the contract's (domain/contract/operations.ts).
 */
import * as v from 'valibot';
import type { ApiRoute } from '#domain/contract/routes.ts';
import type { Operation } from '#domain/contract/operations.ts';
import { PaymentEventSchema } from '../psp/events.ts';
import { SIGNATURE_HEADER } from '../psp/signature.ts';
import { PSP_CALLBACK_PATH } from '../routes/order.ts';
import { DOCS_PATH, OPENAPI_PATH } from './paths.ts';
import { OPS_IMPORT_RATES_PATH, OPS_REVOKE_SESSION_PATH, RevokeParamsSchema } from '../routes/ops.ts';


/** An operation of the server's own, with its method and path and any header it reads. */
export type ServerOperation = ApiRoute & Operation & { header?: { name: string; description: string } };

export const CallbackAnswerSchema = v.object({
  received: v.literal(true),
  outcome: v.picklist(['processing', 'completed', 'failed', 'soldOut', 'refunded', 'ignored', 'duplicate']),
});

export const RatesImportSchema = v.object({
  source: v.string(),
  days: v.array(v.pipe(v.string(), v.isoDate())),
  stored: v.number(),
  notSold: v.array(v.string()),
  notInFile: v.array(v.string()),
  sampleRemoved: v.number(),
  /** Rate alerts the day's rates reached, queued to be sent. */
  rateAlerts: v.number(),
});

export const HealthSchema = v.object({ status: v.literal('ok') });

export const serverOperations: Record<string, ServerOperation> = {
  pspCallback: {
    method: 'POST',
    pattern: PSP_CALLBACK_PATH,
    tag: 'Payment provider',
    summary: "The payment provider's signed outcome of a payment (server to server)",
    description: `Signed with \`${SIGNATURE_HEADER}: sha256=<HMAC-SHA256 of the raw body with PSP_WEBHOOK_SECRET>\`. A replayed event changes nothing.`,
    access: 'none',
    header: { name: SIGNATURE_HEADER, description: 'sha256=<hex HMAC-SHA256 of the raw body>' },
    body: { schema: PaymentEventSchema, type: 'application/json', required: true },
    answers: { 200: { description: 'Received, and what it did.', json: CallbackAnswerSchema } },
    problems: { 401: 'The signature does not match.', 404: 'There is no such payment.', 422: 'The amount does not match the payment.' },
  },
  opsRevokeSession: {
    method: 'POST',
    pattern: OPS_REVOKE_SESSION_PATH,
    tag: 'Operations',
    summary: "End a session: its tokens authorise nothing any more",
    description: 'Only when the shop runs with OPS_TOKEN. The browser holding the session gets a new, empty one at its next call.',
    access: 'ops',
    params: RevokeParamsSchema,
    answers: { 204: { description: 'Revoked.' } },
    problems: { 404: 'There is no such session.' },
  },
  opsImportRates: {
    method: 'POST',
    pattern: OPS_IMPORT_RATES_PATH,
    tag: 'Operations',
    summary: "Import the day's reference rates",
    description: 'Only when the shop runs with OPS_TOKEN. Reads DAILY_RATES_SOURCE (the European Central Bank by default).',
    access: 'ops',
    answers: { 200: { description: 'What was stored.', json: RatesImportSchema } },
    problems: { 422: 'The rates file could not be read as reference rates.' },
  },
  health: {
    method: 'GET',
    pattern: '/healthz',
    tag: 'About this API',
    summary: 'Whether the API answers',
    access: 'none',
    answers: { 200: { description: 'It does.', json: HealthSchema } },
  },
  openapi: {
    method: 'GET',
    pattern: OPENAPI_PATH,
    tag: 'About this API',
    summary: 'This description (OpenAPI 3.1)',
    access: 'none',
    answers: { 200: { description: 'The OpenAPI document.', json: v.looseObject({ openapi: v.string() }) } },
  },
  docs: {
    method: 'GET',
    pattern: DOCS_PATH,
    tag: 'About this API',
    summary: 'This description, as a page (Swagger UI)',
    access: 'none',
    answers: { 200: { description: 'The page.', html: true } },
  },
  docsFile: {
    method: 'GET',
    pattern: `${DOCS_PATH}/:version/:file`,
    tag: 'About this API',
    summary: "The page's script, style and icon files",
    access: 'none',
    params: v.object({ version: v.string(), file: v.string() }),
    answers: { 200: { description: 'The file (text/javascript, text/css or image/png).', file: true } },
    problems: { 404: 'There is no such file (or not in this version).' },
  },
};
