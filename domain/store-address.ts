/**
 * A branch's address as lines (spec 3): a store address comes as address1-4 or as line1-3, the
 * server often filling both with the same text. One of the two is shown, then the postcode.
 */
import type { StoreAddress } from './contract/branches.ts';

const present = (parts: readonly (string | null | undefined)[]): string[] =>
  parts.map((p) => p?.trim() ?? '').filter((p) => p !== '');

/** address1-4 when the branch has them, line1-3 otherwise, then the postcode. */
export function storeAddressLines(address: StoreAddress): string[] {
  const parts = present([address.address1, address.address2, address.address3, address.address4]);
  const lines = parts.length > 0 ? parts : present([address.line1, address.line2, address.line3]);
  return present([...lines, address.postcode]);
}
