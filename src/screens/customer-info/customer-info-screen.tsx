import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LookupAddress } from '#domain/contract/branches.ts';
import type { CheckoutContent, SiteSettings } from '#domain/contract/catalogue.ts';
import {
  ADDRESS_FIELDS,
  addressLegend,
  customerFormOf,
  isOutsideGreatBritain,
  showsAbta,
  showsBasketEmailNote,
  showsCardAddressNotice,
  showsMarketing,
  type CustomerField,
  type CustomerForm,
} from '#domain/customer.ts';
import { messages } from '#domain/messages.ts';
import { PRODUCT } from '#domain/products.ts';
import type { ReadState } from '#machines/read/read.machine.ts';
import { scrollBehaviour } from '#src/ui/motion.ts';
import type { CountdownActorRef } from '../checkout-header/checkout-header.tsx';
import type { CartRef } from '../header-cart/use-header-cart.ts';
import { CheckoutFrame } from '../checkout-shared/checkout-frame.tsx';
import { orderSummaryOf } from '#domain/order-summary.ts';
import { OrderSummaryView } from '../checkout-shared/order-summary-view.tsx';
import {
  useCheckoutOrder,
  useCheckoutProblem,
  useCheckoutProductId,
  useCheckoutTag,
  type CheckoutActorRef,
} from '../checkout-shared/use-checkout.ts';
import { CustomerInfoView, type AddressSearch } from './customer-info-view.tsx';
import { errorSummaryOf, useCustomerForm } from './use-customer-form.ts';

export type CustomerInfoSettings = Pick<
  SiteSettings,
  'showMarketingPreference' | 'showAbtaPreference' | 'isSiteAllowed' | 'showBuybackGuarantee' | 'showRefundGuarantee'
>;

export interface CustomerInfoScreenProps {
  checkout: CheckoutActorRef;
  countdown?: CountdownActorRef | null;
  /** The cart, for "Need more time?" in the checkout header. */
  cart?: CartRef | null;
  settings: CustomerInfoSettings;
  /** Checkout content blocks (date of birth help, marketing wording, links); null until read. */
  content: CheckoutContent | null;
  /** The address search the shopper asked for (GET /api/address-lookup?postcode=), null before any. */
  addressLookup?: ReadState<LookupAddress[]> | null;
  /** Asks for a search at a postcode (a new one replaces the one on its way). */
  onAddressSearch?: (postcode: string) => void;
  /** Drops the search (a postcode outside Great Britain is not searched). */
  onAddressSearchCleared?: () => void;
  /** Where the marketing opt-in starts (spec 3: a site setting). */
  marketingDefault?: boolean;
  now?: () => Date;
  /** Values to start from (a returning visitor's details, stories). */
  initialForm?: Partial<CustomerForm>;
}

const VELOCITY_HOME = { type: 'velocity.homeRequested' } as const;

/** /checkout/customer-information over the checkout actor (spec 2.8, 5.2). */
export function CustomerInfoScreen({
  checkout,
  countdown,
  cart,
  settings,
  content,
  addressLookup = null,
  onAddressSearch = () => {},
  onAddressSearchCleared = () => {},
  marketingDefault = false,
  now = () => new Date(),
  initialForm,
}: CustomerInfoScreenProps) {
  const order = useCheckoutOrder(checkout);
  const productId = useCheckoutProductId(checkout) ?? PRODUCT.CLICK_AND_COLLECT;
  const loading = useCheckoutTag(checkout, 'loading');
  const loadFailed = useCheckoutTag(checkout, 'loadFailed');
  const submitting = useCheckoutTag(checkout, 'submitting');
  const soldOut = useCheckoutTag(checkout, 'soldOut');
  const identificationRequired = useCheckoutTag(checkout, 'identificationRequired');
  const velocityLimited = useCheckoutTag(checkout, 'velocityLimited');
  const abandoning = useCheckoutTag(checkout, 'abandoning');
  const cartCleared = useCheckoutTag(checkout, 'cartCleared');
  const leaving = abandoning || cartCleared;
  const [velocityDismissed, setVelocityDismissed] = useState(false);
  // The modal stays open, its button busy, while the checkout it asked to leave is abandoned.
  const [homeRequested, setHomeRequested] = useState(false);
  const problem = useCheckoutProblem(checkout);
  const summary = useMemo(() => (order ? orderSummaryOf(order, settings) : null), [order, settings]);

  const controller = useCustomerForm({ marketingDefault, now, initial: initialForm });
  // An order that already holds details (a home delivery moved to a branch) fills the form with them.
  const held = order?.customer ?? null;
  const { prefill } = controller;
  useEffect(() => {
    if (held !== null) prefill(customerFormOf(held));
  }, [held, prefill]);
  const fields = useRef<Partial<Record<CustomerField, HTMLInputElement | null>>>({});
  const addressFieldset = useRef<HTMLFieldSetElement | null>(null);
  const bindField = useCallback(
    (field: CustomerField) => (element: HTMLInputElement | null) => {
      fields.current[field] = element;
    },
    [],
  );
  const bindAddress = useCallback((element: HTMLFieldSetElement | null) => {
    addressFieldset.current = element;
  }, []);

  // Spec 7.6: the checkout tells tracking when the email field is left with an address in it.
  const onLeave = (field: CustomerField) => {
    controller.leave(field);
    if (field === 'emailAddress') checkout.send({ type: 'details.emailEntered', email: controller.form.emailAddress });
  };

  const focusField = (field: CustomerField) => {
    const element = fields.current[field];
    if (ADDRESS_FIELDS.includes(field)) {
      addressFieldset.current?.scrollIntoView({ block: 'start', behavior: scrollBehaviour() });
      element?.focus({ preventScroll: true });
    } else {
      element?.focus();
    }
  };

  // The error summary shows from the first failed submit on, listing what is still invalid.
  const [submitFailed, setSubmitFailed] = useState(false);
  const errorSummary = useMemo(() => (submitFailed ? errorSummaryOf(controller.errors) : []), [submitFailed, controller.errors]);

  const onSubmit = () => {
    const result = controller.submit();
    if (result.ok) {
      setSubmitFailed(false);
      setVelocityDismissed(false);
      // The terms rule has passed, so the box is ticked.
      checkout.send({ type: 'details.submitted', details: { ...result.details, terms: true } });
      return;
    }
    setSubmitFailed(true);
    // Spec 5.2: focus goes to the first invalid field; the summary above announces itself as an alert.
    if (result.firstInvalid !== null) focusField(result.firstInvalid);
  };

  const [postcode, setPostcode] = useState('');
  // Spec 5.2: the search is for Great Britain only; a postcode outside it is not searched.
  const [outsideGreatBritain, setOutsideGreatBritain] = useState(false);
  const searchAddress = () => {
    const searched = postcode.trim();
    const outside = isOutsideGreatBritain(searched);
    setOutsideGreatBritain(outside);
    if (outside) onAddressSearchCleared();
    else onAddressSearch(searched);
  };
  const lookup = addressLookup;
  const addressSearch: AddressSearch = {
    postcode,
    status: outsideGreatBritain
      ? 'outsideGreatBritain'
      : lookup === null
        ? 'idle'
        : lookup.status === 'loading'
          ? 'searching'
          : lookup.status === 'failed'
            ? 'failed'
            : lookup.output.length > 0
              ? 'results'
              : 'empty',
    results: lookup?.status === 'done' ? lookup.output : [],
  };

  return (
    <CheckoutFrame
      checkout={checkout}
      countdown={countdown} cart={cart}
      page="details"
      title={messages.detailsTitle}
      aside={<OrderSummaryView summary={summary} />}
    >
      <CustomerInfoView
        status={loadFailed ? 'loadFailed' : loading ? 'loading' : 'ready'}
        loadProblem={problem}
        onRetry={() => {
          checkout.send({ type: 'problem.dismissed' });
          checkout.send({ type: 'order.reloadRequested' });
        }}
        form={controller.form}
        errors={controller.errors}
        notices={controller.notices}
        onText={controller.setText}
        onChecked={controller.setChecked}
        onLeave={onLeave}
        onLeaveDateOfBirth={controller.leaveDateOfBirth}
        bindField={bindField}
        bindAddress={bindAddress}
        addressLegend={addressLegend(productId)}
        showCardAddressNotice={showsCardAddressNotice(productId)}
        showMarketing={showsMarketing(settings, productId)}
        showAbta={showsAbta(settings)}
        showBasketEmailNote={showsBasketEmailNote(settings)}
        content={content}
        addressSearch={addressSearch}
        onAddressPostcode={setPostcode}
        onAddressSearch={searchAddress}
        onAddressChosen={controller.fillAddress}
        errorSummary={errorSummary}
        onErrorSummarySelect={focusField}
        submitting={submitting}
        onSubmit={onSubmit}
        soldOut={soldOut}
        onChooseAnotherDate={() => checkout.send({ type: 'deliverySlot.changeRequested' })}
        identificationRequired={identificationRequired}
        onIdentificationContinue={() => checkout.send({ type: 'identification.continued' })}
        onIdentificationHome={() => checkout.send({ type: 'identification.homeRequested' })}
        onIdentificationDismiss={() => checkout.send({ type: 'identification.dismissed' })}
        velocityModalOpen={(velocityLimited && !velocityDismissed) || (leaving && homeRequested)}
        leavingHome={leaving && homeRequested}
        onVelocityHome={() => {
          setHomeRequested(true);
          checkout.send(VELOCITY_HOME);
        }}
        onVelocityDismiss={() => setVelocityDismissed(true)}
      />
    </CheckoutFrame>
  );
}
