/**
 * No surprises at the counter: which orders need identification, and what the review step says
 * before payment. The order-value half of the AML rule (spec 8) lives here so the server's
 * compliance check (server/services/compliance.ts) and the review step decide alike; the other
 * half, the customer's recent orders, is only known once the details are in, and raises the
 * additional-identification modal as before.
 */
import { formatMessage, messages } from './messages.ts';
import { formatMoneyInText } from './money.ts';
import { isSellBack, PRODUCT, type ProductId } from './products.ts';

/** An order of this value (pence) or more needs proof of ID and proof of address (spec 8). */
export function needsIdentification(totalMinor: number, thresholdMinor: number): boolean {
  return totalMinor >= thresholdMinor;
}

export interface IdentificationNotice {
  /** 'identification': the order needs proof of ID and address; 'sellBackChecks': what the branch checks on every sale. */
  kind: 'identification' | 'sellBackChecks';
  title: string;
  lines: string[];
}

/**
 * What the review step says of identification: for a purchase at or over the threshold, what to
 * have and when it is asked for; for every sell-back, what the branch checks (and, at or over the
 * threshold, the proof of address too). null when there is nothing to say, or no threshold is known.
 */
export function identificationNoticeOf(productId: ProductId, totalMinor: number, thresholdMinor: number | null): IdentificationNotice | null {
  if (thresholdMinor === null) return null;
  const threshold = formatMoneyInText(thresholdMinor);
  const needed = needsIdentification(totalMinor, thresholdMinor);
  if (isSellBack(productId)) {
    return {
      kind: 'sellBackChecks',
      title: messages.sellBackChecksTitle,
      lines: [messages.sellBackChecksBody, ...(needed ? [formatMessage(messages.sellBackChecksAddress, { threshold })] : [])],
    };
  }
  if (!needed) return null;
  return {
    kind: 'identification',
    title: messages.identificationTitle,
    lines: [
      formatMessage(messages.identificationBody, { threshold }),
      productId === PRODUCT.CLICK_AND_COLLECT ? messages.identificationCollect : messages.identificationDelivery,
    ],
  };
}
