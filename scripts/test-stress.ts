/**
 * `npm run test:stress`: `npm test` while one core is kept busy, as on a loaded CI machine. A test
 * that waits on the wall clock instead of a simulated one fails here first.
 *
 *   npm run test:stress                                      # the whole `npm test`
 *   npm run test:stress -- src/screens/view-cart/view-cart-screen.test.tsx   # extra arguments go to vitest
 *
 * The busy loop is a child process spinning on one core; it is stopped whatever happens (the tests
 * pass, fail, or the run is interrupted), and it ends by itself if this script is killed outright.
 * The exit status is `npm test`'s.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Spins on one core; every few hundred million turns it checks the script that started it is still there. */
const BUSY_LOOP = `
const parent = Number(process.argv[1]);
for (let turn = 1; ; turn++) {
  if (turn % 200_000_000 === 0) {
    try { process.kill(parent, 0); } catch { process.exit(0); }
  }
}
`;

const extra = process.argv.slice(2);
const busy = spawn(process.execPath, ['-e', BUSY_LOOP, String(process.pid)], { stdio: 'ignore' });
const stopBusy = () => {
  if (busy.exitCode === null && busy.signalCode === null) busy.kill('SIGKILL');
};
process.on('exit', stopBusy);

console.log(`test:stress: one core held by a busy loop (pid ${String(busy.pid)}); running npm test${extra.length > 0 ? ` -- ${extra.join(' ')}` : ''}`);
const started = performance.now();
const tests: ChildProcess = spawn('npm', ['test', ...(extra.length > 0 ? ['--', ...extra] : [])], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopBusy();
    tests.kill(signal);
  });
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

tests.on('error', (error) => {
  stopBusy();
  console.error('test:stress: npm test could not start', error);
  process.exit(1);
});

tests.on('exit', (code, signal) => {
  stopBusy();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const status = code ?? (signal ? 128 + (SIGNAL_NUMBERS[signal] ?? 0) : 1);
  console.log(`test:stress: npm test ended with status ${String(status)} after ${seconds} s under load`);
  process.exit(status);
});
