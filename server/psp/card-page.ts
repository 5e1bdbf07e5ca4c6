import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import { groupCardNumber, TEST_CARDS } from './test-cards.ts';

/**
 * Made on the first card page, not when the server loads: the first currency formatter a process
 * makes loads ICU's locale and currency data, about 20 ms of the shop's start on this machine.
 */
let gbp: Intl.NumberFormat | undefined;
export const formatGbp = (amount: number) => (gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })).format(amount);

export type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'name';
export type CardValues = Partial<Record<CardField, string>>;
export type CardErrors = Partial<Record<CardField, string>>;

// The shop's design tokens (src/ui/tokens.css), so the hosted page reads as part of the checkout.
const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    --navy: #0b2545; --text: #1b2430; --muted: #4f5b6b; --border: #c9d1dc; --border-strong: #6b7788; --error: #b42318;
    --error-surface: #fdecea; --focus: #ffbf47; line-height: 1.5; }
  * { box-sizing: border-box; }
  html, body { margin: 0; background: #fff; color: var(--text); }
  body { padding: 1rem; }
  main { max-width: 32rem; }
  .top { display: flex; justify-content: space-between; align-items: center; gap: .5rem; margin-bottom: .75rem; }
  h1 { font-size: 1.2rem; margin: 0; color: var(--navy); line-height: 1.25; }
  .reference { margin: 0 0 1rem; color: var(--muted); }
  .amount { color: var(--navy); font-weight: 700; }
  .field { margin-bottom: 1rem; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; align-items: end; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  .hint { margin: 0 0 .25rem; color: var(--muted); font-size: .875rem; }
  .control { position: relative; }
  input { width: 100%; height: 2.75rem; font: inherit; padding: 0 .75rem; border: 1px solid var(--border-strong); border-radius: 8px; background: #fff; color: var(--text); }
  .card-input input { padding-right: 8.5rem; letter-spacing: .04em; font-variant-numeric: tabular-nums; }
  .brands { position: absolute; right: .5rem; top: 50%; transform: translateY(-50%); display: flex; gap: .25rem; pointer-events: none; }
  .brand { display: inline-flex; align-items: center; justify-content: center; width: 2.5rem; height: 1.6rem; border: 1px solid var(--border); border-radius: 4px;
    font-size: .6rem; font-weight: 700; letter-spacing: .02em; background: #fff; }
  .visa { color: #1a1f71; } .mastercard { color: #b4530b; } .amex { color: #1f6fb2; }
  input:focus-visible, button:focus-visible, summary:focus-visible, a:focus-visible { outline: 3px solid var(--navy); outline-offset: 2px; box-shadow: 0 0 0 6px var(--focus); }
  input[aria-invalid="true"] { border: 2px solid var(--error); }
  .error { color: var(--error); font-weight: 600; margin: .25rem 0 0; }
  .summary { border: 2px solid var(--error); background: var(--error-surface); border-radius: 8px; padding: .75rem 1rem; margin-bottom: 1rem; }
  .summary:focus { outline: 3px solid var(--navy); outline-offset: 2px; }
  .summary h2 { font-size: 1rem; margin: 0 0 .25rem; }
  .summary ul { margin: 0; padding-left: 1.25rem; }
  .summary a { color: var(--error); font-weight: 600; }
  button { width: 100%; min-height: 3rem; font: inherit; font-weight: 700; padding: .75rem; border: 0; border-radius: 8px; background: var(--navy); color: #fff; cursor: pointer; }
  button:hover { background: #13315c; }
  .secure { display: flex; gap: .5rem; align-items: center; justify-content: center; margin: .75rem 0 0; color: var(--muted); font-size: .875rem; }
  .secure svg { width: 1rem; height: 1rem; flex: none; }
  details { margin-top: 1rem; color: var(--muted); font-size: .875rem; }
  details ul { padding-left: 1.25rem; }
  code { font-size: .95em; }
  .sandbox { font-size: .75rem; font-weight: 700; background: #fff4e0; color: #8a4b00; border-radius: 4px; padding: .1rem .4rem; white-space: nowrap; }
  @media (max-width: 17rem) { .row { grid-template-columns: 1fr; } }
  @media (max-width: 21rem) { .card-input input { padding-right: .75rem; } .brands { display: none; } }
`;

/**
 * The page's one fixed script, allowed by its hash. It puts focus on the error summary of a
 * refused submit (WCAG 3.3.1, 2.4.3: a reloaded frame otherwise leaves it on its body; autofocus
 * is refused in a frame of another origin), and tells the checkout page its content's height (the
 * frame fits it, no scrollbar inside the page), posting to the shop's origin named on <html>; a
 * page marked data-provider-unavailable also tells it the provider is unavailable.
 */
const SIZE_SCRIPT =
  "(function(){var e=document.getElementById('error-summary');if(e)e.focus();})();" +
  "(function(){var o=document.documentElement.getAttribute('data-shop-origin');if(!o||window.parent===window)return;" +
  "function s(){window.parent.postMessage({source:'travel-money-psp',type:'frame.resized',height:Math.ceil(document.body.getBoundingClientRect().height)},o)}" +
  "if(window.ResizeObserver)new ResizeObserver(s).observe(document.body);window.addEventListener('load',s);s();" +
  "if(document.documentElement.hasAttribute('data-provider-unavailable'))window.parent.postMessage({source:'travel-money-psp',type:'provider.unavailable'},o)})();";
export const SIZE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SIZE_SCRIPT).digest('base64')}'`;

/** The shop's origin, to which the page posts its height (set once by the provider at start). */
let shopOrigin = '';
export function setCardPageShopOrigin(origin: string) {
  shopOrigin = origin;
}

function page(title: string, body: unknown, head: unknown = '', providerUnavailable = false) {
  return html`<!doctype html>
<html lang="en-GB" data-shop-origin="${shopOrigin}"${providerUnavailable ? raw(' data-provider-unavailable') : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
${head}
<style>${raw(STYLE)}</style>
</head>
<body>
<main>
${body}
</main>
<script>${raw(SIZE_SCRIPT)}</script>
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
<div class="control${f.name === 'cardNumber' ? ' card-input' : ''}">
<input id="${id}" name="${f.name}" type="text" autocomplete="${f.autocomplete}" ${f.inputmode ? html`inputmode="${f.inputmode}"` : ''}
  maxlength="${f.maxlength}" required aria-required="true" ${error ? html`aria-invalid="true"` : ''} ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
  value="${values[f.name] ?? ''}" spellcheck="false">
${f.name === 'cardNumber' ? html`<span class="brands" aria-hidden="true"><span class="brand visa">VISA</span><span class="brand mastercard">MC</span><span class="brand amex">AMEX</span></span>` : ''}
</div>
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
    html`<div class="top"><h1>Pay by card</h1><span class="sandbox">Sandbox</span></div>
<p class="reference">Order ${args.reference} · <span class="amount">${formatGbp(args.amount)}</span></p>
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
<p class="secure"><svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 7V5a4 4 0 018 0v2h1v8H3V7zm2 0h4V5a2 2 0 00-4 0z" fill="currentColor"/></svg>Secure payment: your card details go to the payment provider only.</p>
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

/**
 * The provider is unavailable (the test card that finds it so): nothing was charged, and the page
 * tells the shop's checkout, which offers to pay at the branch.
 */
export function unavailablePage() {
  return page(
    'Payment service unavailable',
    html`<h1>Payment service unavailable</h1>
<p>We can't take card payments right now. Nothing has been charged.</p>`,
    '',
    true,
  );
}
