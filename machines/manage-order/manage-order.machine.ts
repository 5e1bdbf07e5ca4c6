/**
 * Manage my order (/orders/find; ours): find a paid order by its reference, the email address and
 * the date of birth given for it, then cancel it or move its click and collect date, until its
 * deadline (the server decides: domain/manage-order.ts).
 *
 * - `finding`: the form (`editing`), refused before anything is sent when a field is wrong
 *   (domain/find-order.ts), then `searching`; "We couldn't find that order" or another problem
 *   comes back to `editing` with the problem shown.
 * - `found`: the order as the confirmation page shows it. When it can still be changed
 *   (`manageable`): 'Cancel this order' asks first (`confirmingCancel`, then `cancelling`);
 *   'Change collection date' lists the branch's other dates (`choosingDate`, then `savingDate`).
 *   When it cannot (`settled`): why (cancelled, too late, not paid). A cancellation lands in
 *   `settled` with its notice; a new date back in `manageable.viewing` with its notice.
 *   An access key that has expired (403) goes back to the form with the problem.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { providedLater } from '../provided-later.ts';
import type { Problem } from '#domain/contract/common.ts';
import type { FindOrderRequest, ManagedOrder } from '#domain/contract/manage-order.ts';
import { readFindOrderForm, type FindOrderErrors, type FindOrderForm } from '#domain/find-order.ts';
import { problemOf } from '#domain/problem.ts';

export type ManageOrderNotice = 'cancelled' | 'dateChanged';

export interface ManageOrderContext {
  form: FindOrderForm;
  errors: FindOrderErrors;
  found: ManagedOrder | null;
  chosenSlotId: string | null;
  notice: ManageOrderNotice | null;
  problem: Problem | null;
}

export type ManageOrderEvent =
  | { type: 'form.changed'; field: keyof FindOrderForm; value: string }
  | { type: 'order.findRequested' }
  | { type: 'order.cancelRequested' }
  | { type: 'order.cancelConfirmed' }
  | { type: 'order.cancelDismissed' }
  | { type: 'collectionDate.changeRequested' }
  | { type: 'collectionDate.chosen'; slotId: string }
  | { type: 'collectionDate.saveRequested' }
  | { type: 'collectionDate.changeDismissed' }
  | { type: 'order.findAnother' }
  | { type: 'problem.dismissed' };

export type ManageOrderTag = 'searching' | 'cancelling' | 'savingDate';

export interface CancelOrderInput {
  access: string;
}
export interface ChangeDateInput {
  access: string;
  slotId: string;
}

const EMPTY_FORM: FindOrderForm = { reference: '', emailAddress: '', dobDay: '', dobMonth: '', dobYear: '' };

export const manageOrderMachine = setup({
  types: {
    context: {} as ManageOrderContext,
    events: {} as ManageOrderEvent,
    tags: {} as ManageOrderTag,
  },
  actors: {
    findOrder: providedLater<ManagedOrder, FindOrderRequest>('findOrder'),
    cancelOrder: providedLater<ManagedOrder, CancelOrderInput>('cancelOrder'),
    changeCollectionDate: providedLater<ManagedOrder, ChangeDateInput>('changeCollectionDate'),
  },
  actions: {
    changeField: assign(({ context }, params: { field: keyof FindOrderForm; value: string }) => ({
      form: { ...context.form, [params.field]: params.value },
      // A field put right loses its message.
      errors: { ...context.errors, [params.field === 'dobDay' || params.field === 'dobMonth' || params.field === 'dobYear' ? 'dateOfBirth' : params.field]: undefined },
    })),
    checkForm: assign({ errors: ({ context }) => readFindOrderForm(context.form).errors ?? {} }),
    rememberFound: assign({ found: (_, params: { found: ManagedOrder }) => params.found, problem: null }),
    rememberProblem: assign({ problem: (_, params: { error: unknown }) => problemOf(params.error) }),
    forgetProblem: assign({ problem: null }),
    forgetNotice: assign({ notice: null }),
    announce: assign({ notice: (_, params: { notice: ManageOrderNotice }) => params.notice }),
    chooseSlot: assign({ chosenSlotId: (_, params: { slotId: string }) => params.slotId }),
    forgetSlot: assign({ chosenSlotId: null }),
    forgetOrder: assign({ found: null, chosenSlotId: null, notice: null, problem: null, errors: {}, form: EMPTY_FORM }),
    /** The key expired: the order is found again from the form as it was. */
    forgetFound: assign({ found: null, chosenSlotId: null, notice: null }),
  },
  guards: {
    isFormValid: ({ context }) => readFindOrderForm(context.form).request !== null,
    isManageable: ({ context }) => context.found?.refusal === null,
    hasChosenSlot: ({ context }) => context.chosenSlotId !== null,
    isOfferedSlot: ({ context }, params: { slotId: string }) => context.found?.collectionDates.some((s) => s.id === params.slotId) === true,
    hasOtherDates: ({ context }) => (context.found?.collectionDates.length ?? 0) > 0,
    isAccessExpired: (_, params: { error: unknown }) => problemOf(params.error).status === 403,
  },
}).createMachine({
  id: 'manageOrder',
  context: { form: EMPTY_FORM, errors: {}, found: null, chosenSlotId: null, notice: null, problem: null },
  initial: 'finding',
  on: { 'problem.dismissed': { actions: 'forgetProblem' } },
  states: {
    finding: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.changed': { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'order.findRequested': [
              { guard: 'isFormValid', target: 'searching', actions: ['checkForm', 'forgetProblem'] },
              { actions: 'checkForm' },
            ],
          },
        },
        searching: {
          tags: ['searching'],
          invoke: {
            id: 'findOrder',
            src: 'findOrder',
            input: ({ context }) => readFindOrderForm(context.form).request!,
            onDone: { target: '#manageOrder.found', actions: { type: 'rememberFound', params: ({ event }) => ({ found: event.output }) } },
            onError: { target: 'editing', actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    found: {
      initial: 'routing',
      on: { 'order.findAnother': { target: 'finding', actions: 'forgetOrder' } },
      states: {
        routing: {
          always: [{ guard: 'isManageable', target: 'manageable' }, { target: 'settled' }],
        },
        manageable: {
          initial: 'viewing',
          states: {
            viewing: {
              on: {
                'order.cancelRequested': { target: 'confirmingCancel', actions: ['forgetNotice', 'forgetProblem'] },
                'collectionDate.changeRequested': { guard: 'hasOtherDates', target: 'choosingDate', actions: ['forgetNotice', 'forgetProblem', 'forgetSlot'] },
              },
            },
            confirmingCancel: {
              on: {
                'order.cancelConfirmed': { target: 'cancelling' },
                'order.cancelDismissed': { target: 'viewing' },
              },
            },
            cancelling: {
              tags: ['cancelling'],
              invoke: {
                id: 'cancelOrder',
            src: 'cancelOrder',
                input: ({ context }) => ({ access: context.found?.access ?? '' }),
                onDone: {
                  target: '#manageOrder.found.routing',
                  actions: [{ type: 'rememberFound', params: ({ event }) => ({ found: event.output }) }, { type: 'announce', params: { notice: 'cancelled' } }],
                },
                onError: [
                  {
                    guard: { type: 'isAccessExpired', params: ({ event }) => ({ error: event.error }) },
                    target: '#manageOrder.finding',
                    actions: ['forgetFound', { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) }],
                  },
                  { target: 'viewing', actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            choosingDate: {
              on: {
                'collectionDate.chosen': {
                  guard: { type: 'isOfferedSlot', params: ({ event }) => ({ slotId: event.slotId }) },
                  actions: { type: 'chooseSlot', params: ({ event }) => ({ slotId: event.slotId }) },
                },
                'collectionDate.saveRequested': { guard: 'hasChosenSlot', target: 'savingDate' },
                'collectionDate.changeDismissed': { target: 'viewing', actions: 'forgetSlot' },
              },
            },
            savingDate: {
              tags: ['savingDate'],
              invoke: {
                id: 'changeCollectionDate',
            src: 'changeCollectionDate',
                input: ({ context }) => ({ access: context.found?.access ?? '', slotId: context.chosenSlotId ?? '' }),
                onDone: {
                  target: '#manageOrder.found.routing',
                  actions: [
                    { type: 'rememberFound', params: ({ event }) => ({ found: event.output }) },
                    'forgetSlot',
                    { type: 'announce', params: { notice: 'dateChanged' } },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isAccessExpired', params: ({ event }) => ({ error: event.error }) },
                    target: '#manageOrder.finding',
                    actions: ['forgetFound', { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) }],
                  },
                  { target: 'choosingDate', actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
        /** Cancelled, too late, or never paid: the page says why. */
        settled: {},
      },
    },
  },
});

export type ManageOrderMachine = typeof manageOrderMachine;
export type ManageOrderSnapshot = SnapshotFrom<ManageOrderMachine>;
