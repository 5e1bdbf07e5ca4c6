/**
 * The calculator's cut-off line, read from its snapshot: kept apart from the chart so the calendar
 * and its wording load after the calculator's first paint (the view imports this when it mounts).
 */
import type { Store } from '#domain/contract/branches.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import { calculatorCutOff, type BankHolidays, type CutOffReadout } from '#domain/cut-off.ts';
import type { CalculatorSnapshot } from './calculator.machine.ts';

/**
 * The cut-off line under the delivery options: home delivery's first date, or click and collect's
 * at the chosen branch; null for sell back, before a branch is chosen, or without the calendar.
 */
export function selectCutOff(snapshot: CalculatorSnapshot): CutOffReadout | null {
  const { context } = snapshot;
  const holidays = context.settings.bankHolidays;
  if (holidays === undefined || !snapshot.matches('ready')) return null;
  const { productId, store, clockNow } = context;
  // Every key typed is a new snapshot: the line is only worked out again when what it reads changed.
  const last = lastCutOff;
  if (last && last.productId === productId && last.store === store && last.holidays === holidays && last.clockNow === clockNow) return last.readout;
  const readout = calculatorCutOff({ productId, store, holidays, now: new Date(clockNow) });
  lastCutOff = { productId, store, holidays, clockNow, readout };
  return readout;
}

let lastCutOff: { productId: ProductId; store: Store | null; holidays: BankHolidays; clockNow: number; readout: CutOffReadout | null } | null = null;
