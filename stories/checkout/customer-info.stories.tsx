import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useState } from 'react';
import type { ReadState } from '#machines/read/read.machine.ts';
import type { LookupAddress } from '#domain/contract/branches.ts';
import type { CustomerForm } from '#domain/customer.ts';
import { NO_STOCK } from '#domain/contract/order.ts';
import { CustomerInfoScreen } from '#src/screens/customer-info/customer-info-screen.tsx';
import {
  checkoutStory,
  countdownStory,
  f,
  fail,
  inCheckoutLayout,
  ok,
  orders,
  pending,
  settings,
  storyNow,
  type CheckoutStoryOptions,
  type StoryCheckout,
} from './checkout-story-support.tsx';
import { formatMessage, messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { checkout: StoryCheckout; countdown: ReturnType<typeof countdownStory> };

/** The address search, answered at once from the fixtures (the shop runs it as a read actor). */
function useAddressSearch() {
  const [lookup, setLookup] = useState<ReadState<LookupAddress[]> | null>(null);
  return {
    addressLookup: lookup,
    onAddressSearch: (postcode: string) => setLookup({ status: 'done', output: postcode.toUpperCase().startsWith('M3') ? f.addresses : [] }),
    onAddressSearchCleared: () => setLookup(null),
  };
}

function CustomerInfoStory({ checkout, countdown, args }: Loaded & { args: StoryArgs }) {
  const search = useAddressSearch();
  return (
    <CustomerInfoScreen
      checkout={checkout}
      countdown={countdown}
      settings={args.siteSettings ?? settings}
      content={f.checkoutContent}
      {...search}
      now={storyNow}
      initialForm={args.initialForm}
    />
  );
}

export const filledForm: Partial<CustomerForm> = {
  emailAddress: 'jane.oconnor@example.co.uk',
  phoneNumber: '07911 123456',
  firstName: 'Jane',
  lastName: "O'Connor",
  dobDay: '27',
  dobMonth: '03',
  dobYear: '1985',
  houseNameNumber: '14',
  addressLine1: 'Deansgate',
  townCity: 'Manchester',
  postcodeZip: 'M3 2BW',
  terms: true,
};

const submitted = {
  type: 'details.submitted',
  details: {
    firstName: 'Jane',
    lastName: "O'Connor",
    emailAddress: 'jane.oconnor@example.co.uk',
    phoneNumber: '07911 123456',
    dateOfBirth: '1985-03-27',
    terms: true,
    marketing: false,
    address: { houseNameNumber: '14', addressLine1: 'Deansgate', townCity: 'Manchester', postcodeZip: 'M3 2BW', country: 'United Kingdom' },
  },
} as const;

interface StoryArgs {
  initialForm?: Partial<CustomerForm>;
  siteSettings?: typeof settings;
}

const meta = {
  title: 'Checkout/Customer information',
  // The filled form is shared data, not a story.
  excludeStories: ['filledForm'],
  decorators: [inCheckoutLayout],
  parameters: { layout: 'fullscreen' },
  args: {} as StoryArgs,
  render: (args, { loaded }) => <CustomerInfoStory {...(loaded as Loaded)} args={args as StoryArgs} />,
  play: playChecks(() => checks),
} satisfies Meta<StoryArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const path = '/checkout/customer-information';
const story = (options: Omit<CheckoutStoryOptions, 'path'>) => [
  async () => ({ checkout: await checkoutStory({ path, ...options }), countdown: countdownStory() }),
];

export const LoadingOrder: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.loadingOrder'] },
  loaders: story({ order: pending }),
};

export const LoadFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.loadFailed'] },
  loaders: story({ order: fail() }),
};

/** Click and collect: marketing and ABTA blocks, 'Billing address'. */
export const Editing: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  loaders: story({}),
};

/** Home delivery: the card must be registered to the delivery address. */
export const EditingHomeDelivery: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  loaders: story({ order: ok(orders.homeDelivery), productId: 1 }),
};

/** Sell-back: 'Your address', no marketing block, no Payment step. */
export const EditingSellBack: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  loaders: story({ order: ok(orders.sellBack), productId: 3 }),
};

/** Without the marketing and ABTA settings, and a site that may not email basket links. */
export const EditingWithoutOptIns: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  args: { siteSettings: { ...settings, showMarketingPreference: false, showAbtaPreference: false, isSiteAllowed: false } },
  loaders: story({}),
};

export const Filled: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  args: { initialForm: filledForm },
  loaders: story({}),
};

/**
 * Boxes filled to their limits (email 500, address lines 250): each says 'You've used the maximum
 * number of characters available (250)' as a notice, and the form can still be submitted.
 */
export const FieldsAtTheirLimits: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  args: {
    initialForm: {
      ...filledForm,
      emailAddress: `${'j'.repeat(486)}@example.co.uk`,
      addressLine1: 'Deansgate'.padEnd(250, ' Deansgate Street'),
      addressLine2: 'Spinningfields'.padEnd(250, ' Spinningfields'),
    },
  },
  loaders: story({}),
};

/** Submit on an empty form: the error summary at the top, every message of spec 5.2 and focus on the email field. */
export const ValidationErrors: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  loaders: story({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Submit' }));
    await expect(canvas.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Email address')).toHaveFocus();
  },
};

/** Wrong formats: email, phone, date of birth and postcode. */
export const InvalidFormats: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  args: {
    initialForm: { ...filledForm, emailAddress: 'jane@example', phoneNumber: '12', dobDay: '31', dobMonth: '02', dobYear: '1985', postcodeZip: 'XYZ' },
  },
  loaders: story({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Submit' }));
  },
};

/** The address search found addresses for the postcode. */
export const AddressResults: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  loaders: story({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Find your address by postcode'), 'M3 2BW');
    await userEvent.click(canvas.getByRole('button', { name: 'Find address' }));
    await canvas.findByLabelText('Choose your address');
  },
};

/** Spec 5.2: address search is restricted to Great Britain; a Northern Ireland postcode is not searched. */
export const AddressOutsideGreatBritain: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  loaders: story({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Find your address by postcode'), 'BT1 1AA');
    await userEvent.click(canvas.getByRole('button', { name: 'Find address' }));
    await expect(await canvas.findByText(messages.addressSearchGreatBritainOnly)).toBeVisible();
  },
};

/** The spinner replaces Submit while the details are sent. */
export const Submitting: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.submitting'] },
  args: { initialForm: filledForm },
  loaders: story({ customerInfo: pending, events: [submitted] }),
};

/** The submit failed with a problem document: its title and detail pop up. */
export const SubmitFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.editing'] },
  args: { initialForm: filledForm },
  loaders: story({ customerInfo: fail({ title: 'We could not save your details', detail: 'Please check them and try again.', status: 422 }), events: [submitted] }),
};

/** NoStock: 'Oh snap!' with the way back to the collection dates. */
export const SoldOut: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.soldOut'] },
  args: { initialForm: filledForm },
  loaders: story({ customerInfo: ok(NO_STOCK), events: [submitted] }),
};

/** The AML flag: additional identification is required. */
export const IdentificationRequired: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.identificationRequired'] },
  args: { initialForm: filledForm },
  loaders: story({ customerInfo: ok({ showAMLPopup: true, state: { value: 3 } }), events: [submitted] }),
};

/** The velocity check refused the order: its modal shows here, on the details page, with the Details step. */
export const VelocityLimited: Story = {
  parameters: { machineStates: ['checkout.inCheckout.details.velocityLimited'] },
  args: { initialForm: filledForm },
  loaders: story({ customerInfo: ok({ showAMLPopup: false, state: { value: 1 } }), events: [submitted] }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.8, 5.2, 8): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const submit = ['button', messages.submit] as const;
const form = [messages.detailsTitle, messages.contactDetails, messages.aboutYou, messages.emailLabel, messages.termsAndConditions];

const checks: StateChecks = {
  LoadingOrder: { texts: [messages.loadingOrder], absent: [messages.submit] },
  LoadFailed: { texts: [messages.somethingWentWrong], absent: [messages.submit] },
  Editing: { texts: [...form, messages.billingAddress, messages.marketingPreferences, messages.abtaPreamble, messages.basketEmailNote], enabled: [submit] },
  EditingHomeDelivery: { texts: [...form, messages.cardMustMatchDeliveryAddress], enabled: [submit] },
  EditingSellBack: { texts: [...form, messages.yourAddress], absent: [messages.marketingPreferences, messages.stepPayment], enabled: [submit] },
  EditingWithoutOptIns: { texts: form, absent: [messages.marketingPreferences, messages.abtaPreamble, messages.basketEmailNote], enabled: [submit] },
  Filled: { texts: form, enabled: [submit] },
  FieldsAtTheirLimits: { texts: [messages.maxCharacters], enabled: [submit] },
  ValidationErrors: { texts: [messages.emailRequired] },
  InvalidFormats: { texts: [messages.emailInvalid] },
  AddressResults: { texts: [messages.addressResultsLabel] },
  Submitting: { texts: [messages.submittingDetails], absent: [messages.submit] },
  SubmitFailed: { texts: ['We could not save your details', 'Please check them and try again.'], focusIn: 'We could not save your details' },
  SoldOut: { texts: [messages.ohSnap, messages.noStock], focusIn: messages.ohSnap, enabled: [['button', messages.chooseAnotherCollectionDate]] },
  IdentificationRequired: {
    texts: [messages.amlTitle, formatMessage(messages.amlSupport, f.checkoutContent.support ?? { phone: '', hours: '' })],
    focusIn: messages.amlTitle,
    enabled: [['button', messages.continue], ['button', messages.returnToHomepage]],
  },
  VelocityLimited: { texts: [messages.velocityTitle], focusIn: messages.velocityTitle },
};
