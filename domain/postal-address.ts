/**
 * A shopper's address as lines: a house number goes before the street on one line ('41 The
 * Green'), as a UK address is written; a house name ('Rose Cottage') keeps a line of its own.
 */

/** '41', '41a', '12-14', '7 - 9': a number, not a name. */
const HOUSE_NUMBER = /^\d+[a-z]?(\s*[-–]\s*\d+[a-z]?)?$/i;

export function isHouseNumber(house: string): boolean {
  return HOUSE_NUMBER.test(house.trim());
}

/** The address's lines, blanks left out, the house number joined to the first line of the street. */
export function postalAddressLines(house: string | null | undefined, street: string | null | undefined, rest: readonly (string | null | undefined)[]): string[] {
  const h = house?.trim() ?? '';
  const s = street?.trim() ?? '';
  const first = h !== '' && s !== '' && isHouseNumber(h) ? [`${h} ${s}`] : [h, s];
  return [...first, ...rest.map((p) => p?.trim() ?? '')].filter((p) => p !== '');
}
