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
import {
  STAFF_MOVE_PATH,
  STAFF_PATH,
  STAFF_SIGN_IN_PATH,
  STAFF_SIGN_OUT_PATH,
  StaffMoveFormSchema,
  StaffMoveParamsSchema,
  StaffQuerySchema,
  StaffSignInFormSchema,
} from '../routes/staff.ts';


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
  staffPage: {
    method: 'GET',
    pattern: STAFF_PATH,
    tag: 'Staff',
    summary: "The staff page: a branch's or the warehouse's paid orders by step, each with its next action",
    description: 'A page for a person. Signed out (no staff cookie), the sign-in form; signed in, the orders of `at` (`warehouse`, the default, or a branch\'s store id).',
    access: 'none',
    query: StaffQuerySchema,
    answers: { 200: { description: 'The sign-in form, or the orders.', html: true } },
    limited: true,
  },
  staffSignIn: {
    method: 'POST',
    pattern: STAFF_SIGN_IN_PATH,
    tag: 'Staff',
    summary: "Sign in to the staff page with the shop's STAFF_TOKEN",
    description: 'A form post. The right token sets the staff cookie (HttpOnly, SameSite=Strict, 12 hours) and goes back to the page.',
    access: 'none',
    body: { schema: StaffSignInFormSchema, type: 'application/x-www-form-urlencoded', required: true },
    answers: { 303: { description: 'Signed in: back to the staff page.', headers: ['Location'] }, 401: { description: 'The token is wrong: the form again.', html: true } },
    limited: true,
  },
  staffSignOut: {
    method: 'POST',
    pattern: STAFF_SIGN_OUT_PATH,
    tag: 'Staff',
    summary: 'Sign out of the staff page',
    access: 'none',
    answers: {
      303: { description: 'Signed out: back to the sign-in form.', headers: ['Location'] },
      200: { description: 'The sign-in form, where the redirect leads (what a client that follows redirects gets).', html: true },
    },
    limited: true,
  },
  staffMoveOrder: {
    method: 'POST',
    pattern: STAFF_MOVE_PATH,
    tag: 'Staff',
    summary: 'Move an order on to its next step (with the courier tracking reference for a dispatch)',
    description: 'A form post from the staff page, with the staff cookie. The order reaches the step and the customer is emailed; a move that is not the order\'s next answers 409.',
    access: 'none',
    params: StaffMoveParamsSchema,
    body: { schema: StaffMoveFormSchema, type: 'application/x-www-form-urlencoded', required: true },
    answers: {
      303: { description: 'Moved: back to the staff page, saying so.', headers: ['Location'] },
      401: { description: 'Not signed in to the staff page (the sign-in ran out): the sign-in form, saying so.', html: true },
      404: { description: 'There is no order with that reference: the list again, saying so.', html: true },
      409: { description: "The move is not the order's next (out of order, over, cancelled, not paid, or a dispatch without a tracking reference): the list again with the refusal above it.", html: true },
    },
    limited: true,
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
