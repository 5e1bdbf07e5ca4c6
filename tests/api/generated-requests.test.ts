/**
 * Requests generated from the API's OpenAPI document by Portman (a Postman collection: one request
 * per operation with values drawn from its schemas, then fuzzed variations of each body and query:
 * required fields left out, numbers under their minimum and over their maximum, text too short and
 * too long), run by Newman through Stoplight Prism (proxy mode without --errors, so the invalid
 * requests reach the shop and Prism reports what it finds in the sl-violations header). Every
 * request asserts, in Newman: no server error, and no violation of the document in the answer.
 */
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RESULTS, startPrism, type RunningPrism } from './support/prism.ts';

const { api } = inject('testedShop');
const BIN = path.resolve(import.meta.dirname, '../../node_modules/.bin');
let prism: RunningPrism;

beforeAll(async () => {
  prism = await startPrism(api, { errors: false, name: 'generated' });
}, 90_000);
afterAll(async () => {
  await prism?.stop();
});

/** Newman's assertions on every request, the fuzzed ones too. */
const CHECKS = [
  "pm.test('no server error', function () { pm.expect(pm.response.code).to.be.below(500); });",
  "pm.test('the answer is one the document describes', function () { var h = pm.response.headers.get('sl-violations'); var found = h ? JSON.parse(h).filter(function (v) { return v.location[0] === 'response'; }) : []; pm.expect(found, pm.request.method + ' ' + pm.request.url.getPath() + ' ' + JSON.stringify(found)).to.eql([]); });",
];
const everyOperation = '*::/*';

/**
 * Values the shop has (its seeded site, home delivery store, product and currencies), so the
 * requests reach past the first check: a random site id only ever meets "no such site".
 */
const SEEDED_PATH = [
  { key: 'siteId', value: '1' },
  { key: 'storeId', value: '1' },
  { key: 'productId', value: '1' },
  { key: 'id', value: '1' },
  { key: 'currency', value: 'EUR' },
  { key: 'code', value: 'eur' },
  { key: 'branchCode', value: 'HOME' },
];

type Doc = { paths: Record<string, Record<string, { operationId: string; parameters?: { in: string; name: string }[] }>> };

const FUZZING = [
  {
    requestBody: [{ requiredFields: { enabled: true }, minimumNumberFields: { enabled: true }, maximumNumberFields: { enabled: true }, minLengthFields: { enabled: true }, maxLengthFields: { enabled: true } }],
  },
  {
    requestQueryParams: [{ requiredFields: { enabled: true }, minimumNumberFields: { enabled: true }, maximumNumberFields: { enabled: true }, minLengthFields: { enabled: true }, maxLengthFields: { enabled: true } }],
  },
];

/** Portman's settings for this document: each operation with the seeded values of its own path. */
function portmanConfig(document: Doc) {
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  const seeded = operations
    .map((op) => ({ id: op.operationId, path: SEEDED_PATH.filter((p) => (op.parameters ?? []).some((q) => q.in === 'path' && q.name === p.key)) }))
    .filter((op) => op.path.length > 0);
  const pathOf = (id: string) => seeded.find((op) => op.id === id)?.path;
  return {
    version: 1.0,
    tests: {
      extendTests: [{ openApiOperation: everyOperation, tests: CHECKS }],
      variationTests: operations.map((op) => ({
        openApiOperationId: op.operationId,
        variations: [
          {
            name: 'fuzzed',
            fuzzing: FUZZING,
            ...(pathOf(op.operationId) === undefined ? {} : { overwrites: [{ overwriteRequestPathVariables: pathOf(op.operationId) }] }),
            tests: { extendTests: [{ openApiOperation: everyOperation, tests: CHECKS }] },
          },
        ],
      })),
    },
    // The session token every authorised call sends (the bearer's variable in the collection).
    assignVariables: [{ openApiOperationId: 'sessionCreate', collectionVariables: [{ responseBodyProp: 'token', name: 'bearerToken' }] }],
    overwrites: [
      ...seeded.map((op) => ({ openApiOperationId: op.id, overwriteRequestPathVariables: op.path })),
      { openApiOperationId: 'cartCreate', overwriteRequestBody: [{ key: 'storeId', value: 1 }, { key: 'productId', value: 1 }, { key: 'affiliateCode', value: null }] },
      { openApiOperationIds: ['cartAdd', 'cartLineUpdate'], overwriteRequestBody: [{ key: 'currencyCode', value: 'EUR' }, { key: 'qty', value: 300 }] },
    ],
    globals: {
      // The session first, then a cart with a line, then the order: the later calls find what they need.
      orderOfOperations: ['POST::/session/{siteId}', 'POST::/cart', 'POST::/api/cart/add', 'GET::/api/cart', 'POST::/cart/checkout'],
    },
  };
}

interface NewmanFailure {
  error: { test?: string; message: string };
  source?: { name?: string };
}
interface NewmanRun {
  run: {
    stats: { requests: { total: number }; assertions: { total: number; failed: number } };
    failures: NewmanFailure[];
    executions: { response?: { code: number } }[];
  };
}

describe('requests generated from the document (Portman, run by Newman through Prism)', () => {
  it('gets no server error and no answer the document does not describe', async () => {
    const documentFile = path.join(RESULTS, 'openapi.json');
    const configFile = path.join(RESULTS, 'portman-config.json');
    const collectionFile = path.join(RESULTS, 'portman-collection.json');
    const reportFile = path.join(RESULTS, 'newman-report.json');
    const document = await (await fetch(`${api}/api/openapi.json`)).text();
    await writeFile(documentFile, document);
    await writeFile(configFile, JSON.stringify(portmanConfig(JSON.parse(document) as Doc), null, 2));

    const portman = spawnSync(path.join(BIN, 'portman'), ['-l', documentFile, '-b', prism.url, '-c', configFile, '-o', collectionFile, '--includeTests', 'true', '--logAssignVariables', 'false'], {
      encoding: 'utf8',
      cwd: RESULTS,
      // Portman reads a .env beside where it runs; none is wanted.
      env: { ...process.env, NODE_ENV: '' },
    });
    expect(portman.status, `${portman.stdout}\n${portman.stderr}`).toBe(0);

    const newman = spawnSync(path.join(BIN, 'newman'), ['run', collectionFile, '--reporters', 'json', '--reporter-json-export', reportFile, '--timeout-request', '10000'], { encoding: 'utf8' });
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as NewmanRun;
    const failures = report.run.failures.map((f) => `${f.source?.name ?? '?'}: ${f.error.test ?? ''} ${f.error.message}`);
    expect(failures).toEqual([]);
    expect(newman.status).toBe(0);

    // Each operation once and its fuzzed variations: a few hundred requests, some of them accepted.
    const statuses = report.run.executions.map((e) => e.response?.code ?? 0);
    console.log(`[api] Portman and Newman: ${report.run.stats.requests.total} requests, ${report.run.stats.assertions.total} assertions; statuses ${JSON.stringify(countBy(statuses))}`);
    expect(report.run.stats.requests.total).toBeGreaterThan(100);
    expect(statuses.filter((s) => s >= 200 && s < 300).length).toBeGreaterThan(20);
  });
});

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
