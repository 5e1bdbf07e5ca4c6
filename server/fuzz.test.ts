/**
 * No input answers 5xx: every route of the contract's table (and the provider's callback) gets
 * generated malformed values (NUL, lone surrogates, huge and odd numbers, wrong types, missing
 * fields, long strings, junk bodies, values nested thousands deep or thousands wide) in its path,
 * query and body, with a valid session token,
 * a malformed one or none. FUZZ_RUNS sets the runs per route (a few seconds in all by default).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type ApiRouteName } from '#domain/contract/api-routes.ts';
import { PSP_CALLBACK_PATH } from './routes/order.ts';
import { SIGNATURE_HEADER } from './psp/signature.ts';
import { createTestServer, type TestServer } from './testing.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/** Percent-encodes any string, lone surrogates too (as the bytes WTF-8 gives them), which encodeURIComponent refuses. */
function encodeAny(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const nasty = fc.constantFrom(
  '\u0000',
  'EUR\u0000',
  '\uD800',
  'a\uDBFFb',
  '\uDC00',
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '2147483648',
  'true',
  'null',
  '../../etc/passwd',
  "'; drop table orders; --",
  '%',
  '%ZZ',
  '\u202Eevil',
  '\uD83D\uDE00',
  'x'.repeat(5_000),
);
const text = fc.oneof(nasty, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 12 }));
const number = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2, 3, 10, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 1e-320, 0.1),
  fc.double(),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(text, tie('value'), { maxKeys: 3 })),
})).value;

/** Arrays and objects nested up to 8,000 deep (closed or not, around a field the route reads): built as text. */
const deep = fc
  .record({ depth: fc.integer({ min: 1, max: 8_000 }), kind: fc.constantFrom('arrays', 'objects', 'mixed', 'unclosed'), field: fc.constantFrom('qty', 'address', 'a') })
  .map(({ depth, kind, field }) => {
    if (kind === 'unclosed') return '['.repeat(depth);
    if (kind === 'arrays') return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const open = (i: number) => (kind === 'objects' || i % 2 === 0 ? `{"${field}":` : '[');
    let text = '';
    for (let i = 0; i < depth; i++) text += open(i);
    text += '0';
    for (let i = depth - 1; i >= 0; i--) text += open(i) === '[' ? ']' : '}';
    return text;
  });
/** Arrays and objects thousands of values wide, within the body limit. */
const wide = fc
  .record({ count: fc.integer({ min: 1, max: 20_000 }), kind: fc.constantFrom('array', 'object') })
  .map(({ count, kind }) =>
    kind === 'array'
      ? `[${Array.from({ length: count }, () => '0').join(',')}]`
      : `{${Array.from({ length: Math.min(count, 6_000) }, (_, i) => `"k${i}":0`).join(',')}}`,
  );

/** Every field name a request of the contract reads, so bodies reach the checks behind the first. */
const FIELDS = [
  'storeId', 'productId', 'affiliateCode', 'currencyCode', 'qty', 'id', 'latitude', 'longitude', 'amount', 'currency',
  'transactionType', 'firstName', 'lastName', 'emailAddress', 'phoneNumber', 'dateOfBirth', 'terms', 'marketing',
  'marketingABTATravelMoney', 'marketingABTATravelInsurance', 'UTM_Source', 'UTM_Medium', 'UTM_Campaign', 'Gclid',
  'type', 'paymentId', 'created', 'returnUrl', 'token',
];
const address = fc.record(
  Object.fromEntries(['houseNameNumber', 'addressLine1', 'addressLine2', 'townCity', 'postcodeZip', 'country'].map((k) => [k, scalar])),
  { requiredKeys: [] },
);
const bodyObject = fc.record({ ...Object.fromEntries(FIELDS.map((k) => [k, scalar])), address: fc.oneof(address, scalar) }, { requiredKeys: [] });
const body = fc.oneof(
  fc.constant(undefined),
  bodyObject.map((o) => JSON.stringify(o)),
  value.map((v) => JSON.stringify(v) ?? 'null'),
  deep,
  wide,
  fc.constantFrom('{', '{"qty":', 'not json', '\u0000', '[]', '""', `{"a":"${'x'.repeat(70_000)}"}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const QUERY_NAMES = ['affiliateCode', 'id', 'siteId', 'inverted', 'q', 'limit', 'postcode', 'isBuyBack', 'isRefund', 'returnUrl', 'token'];
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), text), text), { maxLength: 4 });
const auth = fc.constantFrom<'valid' | 'none' | 'malformed' | 'legacy'>('valid', 'none', 'malformed', 'legacy');
const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined);

interface Route {
  method: string;
  pattern: string;
}
const ROUTES: [string, Route][] = [
  ...(Object.keys(apiRoutes) as ApiRouteName[]).map((name): [string, Route] => [name, apiRoutes[name]]),
  ['pspCallback', { method: 'POST', pattern: PSP_CALLBACK_PATH }],
];

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await server.newSession();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('fuzz: no input answers 5xx', () => {
  it.each(ROUTES)('%s', async (_, route) => {
    const params = (route.pattern.match(/:\w+/g) ?? []).length;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(text, number.map(String)), { minLength: params, maxLength: params }),
        query,
        body,
        auth,
        contentType,
        fc.boolean(),
        async (paramValues, queryPairs, payload, who, type, keepQuery) => {
          let i = 0;
          const path = route.pattern.replace(/:\w+/g, () => encodeAny(paramValues[i++] ?? ''));
          const search = queryPairs.map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`).join('&');
          const headers: Record<string, string> = {};
          if (who === 'valid') headers.Authorization = `Bearer ${token}`;
          if (who === 'malformed') headers.Authorization = 'Bearer \u00ff.bad.token';
          if (who === 'legacy') headers.Authorization = 'Bearer legacy.12345';
          if (type !== undefined) headers['Content-Type'] = type;
          if (route.pattern === PSP_CALLBACK_PATH) headers[SIGNATURE_HEADER] = 'sha256=00';
          const hasBody = route.method !== 'GET' && payload !== undefined;
          const res = await server.request(`${path}${keepQuery && search ? `?${search}` : ''}`, {
            method: route.method,
            headers,
            ...(hasBody ? { body: payload } : {}),
          });
          const answer = res.status >= 500 ? await res.text() : '';
          expect(res.status, `${route.method} ${path}?${search} -> ${answer}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
