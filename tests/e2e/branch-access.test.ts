import * as v from 'valibot';
import { expect, inject, test } from 'vitest';
import { openingDaysFromFinder, openingDaysFromStore } from '#domain/availability.ts';
import { branchAccessFacts, todayOf } from '#domain/branch-access.ts';
import { BranchSchema, StoreSchema } from '#domain/contract/branches.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { messages } from '#domain/messages.ts';
import type { Locator } from 'playwright-core';
import { shopperForEachTest } from './support/journey.ts';
import { heading, journeySteps, openHome, pickRadio, waitForPath } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/** The branch nearest the shopper's browser (seed: LON01, store 10), which has a step at its door. */
const NEAREST = 'London Oxford Street';

/** What a branch's facts read today, from its record (domain/branch-access.ts), as the pages work it out. */
async function factsOfBranch(code: string): Promise<string[]> {
  const branch = v.parse(BranchSchema, await (await fetch(`${shop.api}${apiRoutes.branchByCode.url(code)}`)).json());
  const days = openingDaysFromFinder(branch.openingTimes);
  return branchAccessFacts(branch, days.some((d) => d.isOpen) ? todayOf(days, new Date()) : null).map((f) => f.text);
}

async function factsOfStore(storeId: number): Promise<string[]> {
  const store = v.parse(StoreSchema, await (await fetch(`${shop.api}${apiRoutes.store.url(1, storeId)}`)).json());
  return branchAccessFacts(store, todayOf(store.openingTimes ? openingDaysFromStore(store.openingTimes) : [], new Date())).map((f) => f.text);
}

/** The texts of a facts list, without the tick or cross drawn before each. */
async function factsShown(list: Locator): Promise<string[]> {
  return (await list.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/^[✓✕◷]\s*/u, '').trim());
}

test("branch access: the finder keeps to step-free branches, and each branch's access facts show in the list, on its page and in the calculator's branch modal", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'branch-access');

  await page.goto(`${shop.app}${appPaths.branches}`);
  await heading(page, messages.branchFinderTitle);
  const filter = page.getByRole('checkbox', { name: messages.stepFreeOnlyFilter });
  await page.getByText(messages.stepFreeOnlyFilter, { exact: true }).click();
  await expect.poll(() => filter.isChecked()).toBe(true);
  await step('step-free-only');

  await page.getByRole('button', { name: messages.findBranchNearMe }).click();
  const dialog = page.getByRole('dialog', { name: messages.branchesNearYou });
  await dialog.getByText(messages.showingStepFreeOnly).waitFor({ timeout: 30_000 });
  const cards = dialog.getByTestId('branch-card');
  await cards.first().waitFor({ timeout: 30_000 });
  // The nearest branch is not step-free: the server left it out.
  expect(await dialog.getByRole('link', { name: `${messages.viewDetails}: ${NEAREST}` }).count()).toBe(0);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const shown = await factsShown(cards.nth(i).getByTestId('branch-access'));
    expect(shown[0]).toBe(messages.stepFreeAccess);
  }
  const first = cards.first();
  const name = (await first.getByRole('heading').innerText()).trim();
  const href = (await first.getByRole('link', { name: `${messages.viewDetails}: ${name}` }).getAttribute('href')) ?? '';
  const code = href.split('/').at(-1) ?? '';
  const facts = await factsOfBranch(code);
  expect(await factsShown(first.getByRole('list', { name: `${messages.branchAccessTitle}: ${name}` }))).toEqual(facts);
  await step('step-free-branches');

  await first.getByRole('link', { name: `${messages.viewDetails}: ${name}` }).click();
  await waitForPath(page, `/branches/${code}`);
  await heading(page, name);
  const access = page.getByRole('region', { name: messages.branchAccessTitle });
  expect(await factsShown(access.getByRole('list', { name: messages.branchAccessTitle }))).toEqual(facts);
  await step('branch-page');

  // The calculator's branch modal: the nearest branch, with no step-free access, says so.
  await openHome(page, shop);
  await pickRadio(page, messages.deliveryOptionLabel, messages.clickAndCollect);
  await page.getByRole('button', { name: messages.chooseBranch, exact: true }).click();
  const modal = page.getByRole('dialog', { name: messages.chooseBranchTitle });
  await modal.getByRole('button', { name: messages.useMyLocation }).click();
  const oxfordStreet = modal.getByRole('list', { name: `${messages.branchAccessTitle}: ${NEAREST}` });
  await oxfordStreet.waitFor({ timeout: 30_000 });
  const modalFacts = await factsShown(oxfordStreet);
  const storeFacts = await factsOfStore(10);
  expect(modalFacts.slice(0, 3)).toEqual(storeFacts.slice(0, 3));
  expect(modalFacts.slice(0, 3)).toEqual([messages.noStepFreeAccess, messages.hearingLoop, messages.accessibleToiletsNearby]);
  // When today's orders are ready shows only beside "Collect today" before its cut-off, so the hour
  // the journey runs decides whether the card has it (the rule is branch-card's, table-tested there).
  expect(modalFacts.slice(3)).toEqual(modalFacts.length > 3 ? storeFacts.slice(3) : []);
  await step('branch-modal');
});
