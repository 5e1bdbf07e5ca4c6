import { useSelector } from '@xstate/react';
import { selectPage } from '#machines/checkout/checkout.selectors.ts';
import { ConfirmationScreen } from '#src/screens/confirmation/confirmation-screen.tsx';
import { CustomerInfoScreen } from '#src/screens/customer-info/customer-info-screen.tsx';
import { DeliveryScreen } from '#src/screens/delivery/delivery-screen.tsx';
import { PaymentScreen } from '#src/screens/payment/payment-screen.tsx';
import { PaymentUnsuccessfulScreen } from '#src/screens/payment-unsuccessful/payment-unsuccessful-screen.tsx';
import type { CountdownActorRef } from '#src/screens/checkout-header/checkout-header.tsx';
import { f, settings, storyNow, type StoryCheckout } from './checkout-story-support.tsx';

/**
 * The screen of the page the checkout is on, as the router would show it after the chart's
 * navigation: a story that moves the chart to another page shows that page.
 */
export function CurrentCheckoutScreen({ checkout, countdown }: { checkout: StoryCheckout; countdown?: CountdownActorRef | null }) {
  const page = useSelector(checkout, selectPage);
  switch (page) {
    case 'delivery':
      return <DeliveryScreen checkout={checkout} countdown={countdown} settings={settings} now={storyNow} />;
    case 'details':
      return <CustomerInfoScreen checkout={checkout} countdown={countdown} settings={settings} content={f.checkoutContent} now={storyNow} />;
    case 'payment':
      return <PaymentScreen checkout={checkout} countdown={countdown} settings={settings} />;
    case 'confirmation':
      return <ConfirmationScreen checkout={checkout} countdown={countdown} settings={settings} now={storyNow} />;
    case 'unsuccessful':
    case 'review':
    case null:
      return <PaymentUnsuccessfulScreen checkout={checkout} countdown={countdown} />;
  }
}
