import { expect } from 'vitest';
import { siteProducts, siteSettings } from '../../mocks/fixtures.ts';
import { shopMachine, type ShopSnapshot } from '#machines/shop/shop.machine.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { shopOracle, type ShopSeen } from './oracles/shop.oracle.ts';

const failure = new TypeError('Failed to fetch');
const shopSettings = { settings: siteSettings, siteProducts };
let seen: ShopSeen;

const shown = (s: ShopSnapshot): ShopSeen['shows'] => {
  if (s.hasTag('ready')) return 'page';
  return s.hasTag('failed') ? 'somethingWentWrong' : 'spinner';
};
const openPages = (s: ShopSnapshot): string[] => Object.keys(s.children).filter((id) => !['session', 'loadSettings', 'cart'].includes(id)).sort();

definePathSuite({
  name: 'shop',
  machine: shopMachine,
  input: { siteId: 1, affiliateCode: null },
  events: [
    actorDone('loadSettings', shopSettings),
    actorFailed('loadSettings', failure),
    { type: 'settings.retried' },
    { type: 'page.opened', page: 'branchFinder', input: { mode: 'page', siteId: 1 } },
    // One page: the model's snapshots share one system, where a systemId is taken only once.
    { type: 'page.closed', page: 'branchFinder' },
  ],
  serializeState: (s) => JSON.stringify([s.value, openPages(s)]),
  assertState: (s, step) => {
    seen = step.event.type === INIT_EVENT ? shopOracle.start() : shopOracle.next(seen, step.event);
    expect(shown(s)).toBe(seen.shows);
    expect(openPages(s)).toEqual(seen.openPages);
    // The session runs from the start; the cart once the settings are read (with their rules).
    expect(s.children.session).toBeDefined();
    expect(s.children.cart !== undefined).toBe(seen.shows === 'page');
    // A failed read is reported once, as it fails.
    const reports = step.emitted.filter((e) => e.type === 'error.reported');
    expect(reports).toEqual(step.event.type === 'xstate.error.actor.loadSettings' ? [{ type: 'error.reported', error: failure, where: 'shopSettings' }] : []);
  },
});

