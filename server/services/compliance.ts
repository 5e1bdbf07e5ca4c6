/**
 * Velocity and anti-money-laundering checks on a customer's order (spec 4.1, 8). The spec does
 * not give the limits; the defaults and the reasoning are in
 * docs/decisions/003-aml-and-velocity-thresholds.md.
 */
import { needsIdentification } from '#domain/identification.ts';

export interface ComplianceConfig {
  /** VELOCITY_MAX_ORDERS_PER_DAY: orders one customer may place in a day (Europe/London). */
  velocityMaxOrders: number;
  /** VELOCITY_MAX_GBP_PER_DAY: GBP one customer may spend in a day, pence. */
  velocityMaxValueMinor: number;
  /** AML_THRESHOLD_GBP: an order at or above this asks for additional identification, pence. */
  amlOrderThresholdMinor: number;
  /** AML_ROLLING_THRESHOLD_GBP: so does one taking the customer's last AML_ROLLING_DAYS to this or more. */
  amlRollingThresholdMinor: number;
  amlRollingDays: number;
}

export const DEFAULT_COMPLIANCE: ComplianceConfig = {
  velocityMaxOrders: 3,
  velocityMaxValueMinor: 250_000,
  amlOrderThresholdMinor: 100_000,
  amlRollingThresholdMinor: 300_000,
  amlRollingDays: 30,
};

/** The customer's other orders (not this one), by the same email and date of birth. */
export interface CustomerHistory {
  /** Orders submitted today: payment pending, failed at checkout, or completed. */
  ordersToday: number;
  /** Their value: payment pending or completed, pence. */
  valueTodayMinor: number;
  /** Payment pending or completed within the rolling window, pence. */
  valueRollingMinor: number;
}

export interface Assessment {
  velocityCheckFailed: boolean;
  showAMLPopup: boolean;
}

export function assessOrder(orderTotalMinor: number, history: CustomerHistory, config: ComplianceConfig = DEFAULT_COMPLIANCE): Assessment {
  const velocityCheckFailed =
    history.ordersToday + 1 > config.velocityMaxOrders || history.valueTodayMinor + orderTotalMinor > config.velocityMaxValueMinor;
  // A refused order goes no further, so it needs no identification either. The order-value half is
  // the rule the review step shows before payment (domain/identification.ts).
  const showAMLPopup =
    !velocityCheckFailed &&
    (needsIdentification(orderTotalMinor, config.amlOrderThresholdMinor) ||
      needsIdentification(history.valueRollingMinor + orderTotalMinor, config.amlRollingThresholdMinor));
  return { velocityCheckFailed, showAMLPopup };
}

/** Matching is on a normalised email and the date of birth, so case and spacing do not split a customer. */
export function customerKey(email: string, dateOfBirth: string): string {
  return `${email.trim().toLowerCase()}|${dateOfBirth}`;
}
