import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const fixture = (name: string): string => join('tests', 'paths', 'replays', name);

interface JsonReport {
  testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
}

function replay(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('npx', ['tsx', 'scripts/replay.ts', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

it('replays a journey recording and a Simulate path through the path suites, and fails a log that reaches another state, naming the step', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'replay-')), 'report.json');
  const { status } = replay(
    fixture('checkout-buy-home-delivery.journey.json'),
    fixture('checkout-to-payment.simulate.json'),
    fixture('checkout-wrong-state.simulate.json'),
    '--reporter=json',
    `--outputFile=${out}`,
  );
  const results = (JSON.parse(readFileSync(out, 'utf8')) as JsonReport).testResults.flatMap((r) => r.assertionResults);
  const result = (name: string) => results.find((r) => r.title.includes(name));

  expect(result('checkout-buy-home-delivery.journey.json')?.status).toBe('passed');
  expect(result('checkout-to-payment.simulate.json')?.status).toBe('passed');
  const wrong = result('checkout-wrong-state.simulate.json');
  expect(wrong?.status).toBe('failed');
  expect(wrong?.failureMessages.join('\n')).toContain(
    [
      `Step 10 of 10 of ${fixture('checkout-wrong-state.simulate.json')} (xstate.done.actor.loadOrder {"output":{"id":"ord_1","product":{"id":1,"name":"Home delivery"},"state":{"value":3}}}): the log says the 'checkout' machine is in`,
      '  {"inCheckout":{"confirmation":"loadingOrder"}}',
      'but it is in',
      '  {"inCheckout":{"payment":"creatingPaymentIntent"}}',
    ].join('\n'),
  );
  expect(results).toHaveLength(3);
  expect(status).toBe(1);
});

it("replays every actor a journey ran, the shop's own too, with the journey's input, clock and answers, and each oracle agrees", () => {
  // tests/paths/replays/keyboard-sell-back/: the logs `E2E_KEEP_FLOWS=1` kept of the keyboard
  // sell back (tests/e2e/keyboard-sell-back.test.ts), its real tokens, branches, rates and cart.
  const dir = join(root, fixture('keyboard-sell-back'));
  const logs = readdirSync(dir).map((name) => join(fixture('keyboard-sell-back'), name));
  const out = join(mkdtempSync(join(tmpdir(), 'replay-')), 'report.json');
  const { status } = replay(...logs, '--reporter=json', `--outputFile=${out}`);
  const results = (JSON.parse(readFileSync(out, 'utf8')) as JsonReport).testResults.flatMap((r) => r.assertionResults);
  const failed = results.filter((r) => r.status !== 'passed').map((r) => `${r.title}\n${r.failureMessages.join('\n').slice(0, 600)}`);
  expect(failed).toEqual([]);
  // The shop, session, cart, countdown, calculator, branch finder, new line, checkout, reads and calls.
  expect(results).toHaveLength(logs.length);
  expect(new Set(logs.map((l) => JSON.parse(readFileSync(join(root, l), 'utf8')).machine as string)).size).toBeGreaterThanOrEqual(10);
  expect(status).toBe(0);
});

it('holds a guard to the answer Simulate recorded, and the oracle still judges where that answer leads', () => {
  const log = JSON.parse(readFileSync(join(root, fixture('checkout-to-payment.simulate.json')), 'utf8')) as {
    steps: Array<{ guards?: Record<string, boolean>; state?: unknown }>;
  };
  // The order loaded on the delivery page is not completed; the owner answered 'completed'.
  log.steps[1]!.guards = { isOrderAlreadyCompleted: true };
  log.steps[1]!.state = 'left';
  log.steps.splice(2);
  const file = join(mkdtempSync(join(tmpdir(), 'replay-')), 'held.json');
  writeFileSync(file, JSON.stringify(log));
  const { status, output } = replay(file);
  // The chart took the answer (it left the checkout, as the log says)...
  expect(output).not.toContain('the log says');
  // ...and the spec's oracle, fed the same order, says the delivery page shows.
  expect(output).toContain("the page after xstate.done.actor.loadOrder: expected null to be 'delivery'");
  expect(status).toBe(1);
});

it('refuses what is not an event log, and a machine without a path suite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-'));
  writeFileSync(join(dir, 'not-a-log.json'), JSON.stringify({ version: 1, machine: 'checkout', steps: [] }));
  writeFileSync(join(dir, 'unknown.json'), JSON.stringify({ version: 1, machine: 'noSuchMachine', source: 'live', steps: [] }));
  const notALog = replay(join(dir, 'not-a-log.json'));
  expect(notALog.status).toBe(1);
  expect(notALog.output).toContain('Not an event log: source:');
  const unknown = replay(join(dir, 'unknown.json'));
  expect(unknown.status).toBe(1);
  expect(unknown.output).toContain("no machine with the id 'noSuchMachine' has a path suite");
});
