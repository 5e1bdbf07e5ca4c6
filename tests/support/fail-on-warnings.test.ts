import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { forbiddenIn, printed, takeCaught } from './fail-on-warnings.ts';

describe('the warning guard', () => {
  it('reads a warning as the console prints it, format string and values', () => {
    const message = printed(['Cannot update a component (`%s`) while rendering a different component (`%s`).', 'ShopProviders', 'CalculatorPage']);
    expect(message).toBe('Cannot update a component (`ShopProviders`) while rendering a different component (`CalculatorPage`).');
    expect(forbiddenIn(message)).toBe(true);
  });

  it.each([
    'An update to Calculator inside a test was not wrapped in act(...).',
    'Custom actions should not call `raise()` directly, as it is not imperative.',
    'Event "go" was sent to stopped actor "x (x:1)". This actor has already reached its final state, and will not transition.',
  ])('fails a test that prints: %s', (message) => {
    expect(forbiddenIn(message)).toBe(true);
  });

  it('lets the shop\'s own reports through', () => {
    expect(forbiddenIn('[shop] {"kind":"ProblemError"}')).toBe(false);
  });

  it("catches XState's warning as a test prints it (the test fails as it ends; this one takes it away to pass)", () => {
    const actor = createActor(createMachine({ initial: 'done', states: { done: { type: 'final' } } })).start();
    actor.send({ type: 'late' });
    expect(takeCaught()).toEqual([expect.stringContaining('was sent to stopped actor')]);
  });
});
