import { html } from 'hono/html';
import { groupCardNumber, TEST_CARDS } from './test-cards.ts';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
export const formatGbp = (amount: number) => gbp.format(amount);

export type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'name';
export type CardValues = Partial<Record<CardField, string>>;
export type CardErrors = Partial<Record<CardField, string>>;

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; padding: 1.5rem; background: #f6f7f9; color: #1b1f24; }
  main { max-width: 26rem; margin: 0 auto; background: #fff; border: 1px solid #d0d5dd; border-radius: 8px; padding: 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .reference { margin: 0 0 1.25rem; color: #4a5360; }
  .field { margin-bottom: 1rem; }
  .row { display: flex; gap: 1rem; }
  .row .field { flex: 1; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: .6rem .7rem; border: 1px solid #8a94a3; border-radius: 6px; }
  input:focus-visible, button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  input[aria-invalid="true"] { border-color: #b42318; }
  .error { color: #b42318; margin: .25rem 0 0; }
  .summary { border: 2px solid #b42318; border-radius: 6px; padding: .75rem 1rem; margin-bottom: 1rem; }
  .summary h2 { font-size: 1rem; margin: 0 0 .5rem; }
  .summary ul { margin: 0; padding-left: 1.25rem; }
  .summary a { color: #b42318; }
  button { width: 100%; font: inherit; font-weight: 600; padding: .75rem; border: 0; border-radius: 6px; background: #1d4ed8; color: #fff; cursor: pointer; }
  details { margin-top: 1.25rem; color: #4a5360; }
  code { font-size: .95em; }
  .sandbox { display: inline-block; font-size: .8rem; font-weight: 600; background: #fef3c7; color: #7a4b00; border-radius: 4px; padding: .1rem .4rem; margin-bottom: .75rem; }
`;

function page(title: string, body: unknown, head: unknown = '') {
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
${head}
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="sandbox">Sandbox</span>
${body}
</main>
</body>
</html>`;
}

const FIELDS: { name: CardField; label: string; autocomplete: string; inputmode?: string; maxlength: number; hint?: string }[] = [
  { name: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 23 },
  { name: 'expiry', label: 'Expiry date', autocomplete: 'cc-exp', inputmode: 'numeric', maxlength: 7, hint: 'MM/YY' },
  { name: 'cvc', label: 'Security code (CVC)', autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4 },
  { name: 'name', label: 'Name on card', autocomplete: 'cc-name', maxlength: 100 },
];

function field(f: (typeof FIELDS)[number], values: CardValues, errors: CardErrors) {
  const id = `card-${f.name}`;
  const error = errors[f.name];
  const describedBy = [f.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field">
<label for="${id}">${f.label}</label>
${f.hint ? html`<p class="hint" id="${id}-hint">${f.hint}</p>` : ''}
<input id="${id}" name="${f.name}" type="text" autocomplete="${f.autocomplete}" ${f.inputmode ? html`inputmode="${f.inputmode}"` : ''}
  maxlength="${f.maxlength}" required aria-required="true" ${error ? html`aria-invalid="true"` : ''} ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
  value="${values[f.name] ?? ''}" spellcheck="false">
${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}
</div>`;
}

export function cardPage(args: {
  action: string;
  token: string;
  amount: number;
  reference: string;
  values?: CardValues;
  errors?: CardErrors;
}) {
  const values = args.values ?? {};
  const errors = args.errors ?? {};
  const errorList = FIELDS.filter((f) => errors[f.name]);
  const title = `${errorList.length > 0 ? 'Error: ' : ''}Pay ${formatGbp(args.amount)}`;
  return page(
    title,
    html`<h1>Card payment</h1>
<p class="reference">Order ${args.reference} · ${formatGbp(args.amount)}</p>
${errorList.length > 0
  ? html`<div class="summary" role="alert" tabindex="-1" id="error-summary">
<h2>There is a problem</h2>
<ul>${errorList.map((f) => html`<li><a href="#card-${f.name}">${errors[f.name]}</a></li>`)}</ul>
</div>`
  : ''}
<form method="post" action="${args.action}" novalidate>
<input type="hidden" name="token" value="${args.token}">
${FIELDS.slice(0, 1).map((f) => field(f, values, errors))}
<div class="row">${FIELDS.slice(1, 3).map((f) => field(f, values, errors))}</div>
${FIELDS.slice(3).map((f) => field(f, values, errors))}
<button type="submit">Pay ${formatGbp(args.amount)}</button>
</form>
<details>
<summary>Test cards</summary>
<ul>${TEST_CARDS.map((c) => html`<li><code>${groupCardNumber(c.number)}</code> ${c.label}</li>`)}</ul>
<p>Use any future expiry date, any 3-digit CVC and any name.</p>
</details>`,
  );
}

export function processingPage(args: { amount: number; refreshUrl: string; refreshSeconds: number }) {
  return page(
    'Processing your payment',
    html`<h1>Processing your payment</h1>
<p role="status" aria-live="polite">Your payment of ${formatGbp(args.amount)} is being confirmed by your bank. Please keep this page open.</p>
<p><a href="${args.refreshUrl}">Check again</a></p>`,
    html`<meta http-equiv="refresh" content="${args.refreshSeconds};url=${args.refreshUrl}">`,
  );
}

export function messagePage(args: { title: string; body: string; link?: { href: string; text: string } }) {
  return page(
    args.title,
    html`<h1>${args.title}</h1>
<p>${args.body}</p>
${args.link ? html`<p><a href="${args.link.href}">${args.link.text}</a></p>` : ''}`,
  );
}
