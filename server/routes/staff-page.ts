/**
 * The staff page (/staff), written by the server: a sign-in form, then a branch's or the
 * warehouse's paid orders grouped by the step they are at, each with its next action as a form
 * that posts (a dispatch asks for the courier's tracking reference). No script at all; its one
 * style block is allowed by its hash (STAFF_PAGE_POLICY). Every value is escaped. Links and forms
 * are relative, so the page works at /staff on the API and on the shop's origin alike.
 */
import { createHash } from 'node:crypto';
import { FULFILMENT_STEPS, formatStepTime, stepLabel, type FulfilmentStep } from '#domain/fulfilment.ts';
import { formatCutOffDay } from '#domain/cut-off.ts';
import { formatMessage } from '#domain/messages.ts';
import { staffTexts } from '#domain/texts/fulfilment-server.ts';
import { escapeHtml } from '../mail/layout.ts';
import type { StaffOrder, StaffPlace } from '../services/fulfilment.ts';

const STYLE = `
body { font-family: Arial, Helvetica, sans-serif; color: #1b2533; margin: 0 auto; padding: 1rem; max-width: 72rem; line-height: 1.4; }
h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
label { display: block; font-weight: bold; margin: 0 0 0.25rem; }
input, select { font-size: 1rem; padding: 0.5rem; border: 2px solid #1b2533; border-radius: 4px; max-width: 100%; box-sizing: border-box; }
button { font-size: 1rem; padding: 0.55rem 1rem; background: #0b2545; color: #ffffff; border: 0; border-radius: 6px; font-weight: bold; cursor: pointer; }
button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
.bar { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; margin: 0 0 1rem; }
.bar form { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; }
.signout { margin-left: auto; }
.signout button { background: #ffffff; color: #0b2545; border: 2px solid #0b2545; }
.notice { background: #e6f4ea; border-left: 6px solid #1e7b34; padding: 0.75rem 1rem; margin: 0 0 1rem; }
.problem { background: #fdecea; border-left: 6px solid #b3261e; padding: 0.75rem 1rem; margin: 0 0 1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem; border-bottom: 1px solid #c9ced6; }
td form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; margin: 0; }
td form label { font-weight: normal; font-size: 0.9rem; }
.empty { color: #4a5565; }
.field { margin: 0 0 1rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 40rem) {
  table, thead, tbody, tr, th, td { display: block; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  tr { border: 1px solid #c9ced6; border-radius: 6px; margin: 0 0 0.75rem; padding: 0.25rem 0; }
  td { border: 0; padding: 0.25rem 0.75rem; }
  td[data-label]::before { content: attr(data-label) ": "; font-weight: bold; }
}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

/** The page's own policy: no script, its style block by hash, forms posting to itself, never framed. */
export const STAFF_PAGE_POLICY = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body></html>`;
}

/** The sign-in form, with a problem when the token given was wrong. */
/**
 * `base`: the way back from the page's address to the folder /staff sits in ('' at /staff,
 * '../' at /staff/sign-in), so forms and links stay relative wherever the API is mounted.
 */
export function staffSignInPage(problem: string | null, base: string): string {
  return page(
    staffTexts.signInTitle,
    `<h1>${escapeHtml(staffTexts.signInTitle)}</h1>
${problem === null ? '' : `<p class="problem" role="alert">${escapeHtml(problem)}</p>`}
<p>${escapeHtml(staffTexts.signInIntro)}</p>
<form method="post" action="${escapeHtml(base)}staff/sign-in">
<label for="token">${escapeHtml(staffTexts.tokenLabel)}</label>
<p class="field"><input id="token" name="token" type="password" autocomplete="current-password" required></p>
<button type="submit">${escapeHtml(staffTexts.signIn)}</button>
</form>`,
  );
}

export interface StaffView {
  /** As staffSignInPage's. */
  base: string;
  /** 'warehouse' or a branch's store id. */
  at: string;
  branches: StaffPlace[];
  orders: StaffOrder[];
  /** After a move: which order, now at which step. */
  moved: { reference: string; step: FulfilmentStep } | null;
  /** A move the shop refused (out of order, a tracking reference missing): its title and detail, above the lists. */
  problem?: { title: string; detail: string | undefined } | null;
}

function actionCell(order: StaffOrder, at: string, base: string): string {
  if (order.nextMove === null) return escapeHtml(staffTexts.finished);
  const action = `${base}staff/orders/${encodeURIComponent(order.reference)}/move`;
  const id = `tracking-${order.reference.replace(/[^A-Za-z0-9-]/g, '')}`;
  const tracking =
    order.nextMove === 'staff.dispatched'
      ? `<span><label for="${escapeHtml(id)}">${escapeHtml(staffTexts.trackingReferenceLabel)}</label><input id="${escapeHtml(id)}" name="trackingReference" required minlength="6" maxlength="40" autocomplete="off"></span>`
      : '';
  return `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="move" value="${escapeHtml(order.nextMove)}"><input type="hidden" name="at" value="${escapeHtml(at)}">${tracking}
<button type="submit">${escapeHtml(staffTexts.moves[order.nextMove])}<span class="visually-hidden"> ${escapeHtml(order.reference)}</span></button>
</form>`;
}

function stepTable(step: FulfilmentStep, orders: StaffOrder[], at: string, base: string): string {
  const heading = `<h2 id="step-${step}">${escapeHtml(stepLabel(step))} (${orders.length})</h2>`;
  if (orders.length === 0) return `<section aria-labelledby="step-${step}">${heading}<p class="empty">${escapeHtml(staffTexts.noOrders)}</p></section>`;
  const rows = orders
    .map(
      (o) => `<tr>
<td data-label="${escapeHtml(staffTexts.reference)}"><strong>${escapeHtml(o.reference)}</strong>${o.trackingReference === null ? '' : `<br>${escapeHtml(o.trackingReference)}`}</td>
<td data-label="${escapeHtml(staffTexts.customer)}">${escapeHtml(o.customerName)}</td>
<td data-label="${escapeHtml(staffTexts.currency)}">${escapeHtml(o.currencies)}</td>
<td data-label="${escapeHtml(staffTexts.orderDate)}">${o.date === null ? '' : escapeHtml(formatCutOffDay(o.date))}</td>
<td data-label="${escapeHtml(staffTexts.since)}">${escapeHtml(formatStepTime(o.since))}</td>
<td data-label="${escapeHtml(staffTexts.nextAction)}">${actionCell(o, at, base)}</td>
</tr>`,
    )
    .join('\n');
  return `<section aria-labelledby="step-${step}">${heading}
<table><thead><tr><th scope="col">${escapeHtml(staffTexts.reference)}</th><th scope="col">${escapeHtml(staffTexts.customer)}</th><th scope="col">${escapeHtml(staffTexts.currency)}</th><th scope="col">${escapeHtml(staffTexts.orderDate)}</th><th scope="col">${escapeHtml(staffTexts.since)}</th><th scope="col">${escapeHtml(staffTexts.nextAction)}</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

/** The steps a location's orders can be at, in the order they happen. */
function stepsAt(at: string): FulfilmentStep[] {
  return at === 'warehouse' ? [...FULFILMENT_STEPS.homeDelivery] : [...FULFILMENT_STEPS.clickAndCollect, ...FULFILMENT_STEPS.sellBack];
}

export function staffOrdersPage(view: StaffView): string {
  const options = [{ value: 'warehouse', name: staffTexts.warehouse }, ...view.branches]
    .map((p) => `<option value="${escapeHtml(p.value)}"${p.value === view.at ? ' selected' : ''}>${escapeHtml(p.name)}</option>`)
    .join('');
  const notice =
    view.moved === null
      ? ''
      : `<p class="notice" role="status">${escapeHtml(formatMessage(staffTexts.moved, { reference: view.moved.reference, step: stepLabel(view.moved.step) }))}</p>`;
  const refused =
    view.problem === null || view.problem === undefined
      ? ''
      : `<div class="problem" role="alert"><p><strong>${escapeHtml(view.problem.title)}</strong></p>${view.problem.detail === undefined ? '' : `<p>${escapeHtml(view.problem.detail)}</p>`}</div>`;
  const sections = stepsAt(view.at)
    .map((step) => stepTable(step, view.orders.filter((o) => o.step === step), view.at, view.base))
    .join('\n');
  return page(
    staffTexts.title,
    `<h1>${escapeHtml(staffTexts.title)}</h1>
<div class="bar">
<form method="get" action="${escapeHtml(view.base)}staff">
<span><label for="at">${escapeHtml(staffTexts.locationLabel)}</label><select id="at" name="at">${options}</select></span>
<button type="submit">${escapeHtml(staffTexts.show)}</button>
</form>
<form method="post" action="${escapeHtml(view.base)}staff/sign-out" class="signout"><button type="submit">${escapeHtml(staffTexts.signOut)}</button></form>
</div>
${refused}${notice}
${sections}`,
  );
}
