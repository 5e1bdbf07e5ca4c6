import { messages } from '#domain/messages.ts';
import { HeaderCartView } from './header-cart-view.tsx';

const nothing = () => undefined;

export interface HeaderCartIdleProps {
  /**
   * 'loading': whether there is a cart is not known yet (the session is settling, or the cart's
   * code is on its way); 'empty': there is none; 'error': the cart's code could not be loaded.
   */
  status: 'loading' | 'empty' | 'error';
  defaultOpen?: boolean;
}

/**
 * The header cart before the cart runs (its machine and its hooks load on demand, with the first
 * line or a session that has a cart): the same basket, empty, with nothing to change.
 */
export function HeaderCartIdle({ status, defaultOpen }: HeaderCartIdleProps) {
  return (
    <HeaderCartView
      status={status}
      lines={[]}
      summary={messages.headerCartEmpty}
      total=""
      countdown={null}
      checkoutHref=""
      canCheckout={false}
      canEmpty={false}
      emptying={false}
      error={status === 'error' ? messages.cartFetchFailed : null}
      onAmountChange={nothing}
      onRemove={nothing}
      onEmpty={nothing}
      defaultOpen={defaultOpen}
    />
  );
}
