/**
 * Address lookup for the customer form (spec 2.8, 5.2), restricted to Great Britain: a postcode
 * of Northern Ireland, the Channel Islands or the Isle of Man is refused with a 422 problem saying
 * so. The demo provider makes up a handful of plausible addresses for a valid GB postcode, in its
 * area's post town, so the form can be tried end to end; for an area it does not know it finds
 * none. A commercial lookup can stand in by implementing AddressLookup and being chosen in
 * createAddressLookup.
 */
import { isValid, toArea, toNormalised } from 'postcode';
import type { LookupAddress } from '#domain/contract/branches.ts';
import { messages } from '#domain/messages.ts';
import type { Config } from '../env.ts';
import { badRequest, HttpProblem } from '../errors.ts';
import { isOutsideGreatBritain } from '#domain/customer.ts';
import { postcodeAreaTowns } from './postcode-areas.ts';

export interface AddressLookup {
  /** Addresses at a postcode; a 400 problem for a postcode that is not valid, 422 for one outside Great Britain. */
  lookup(postcode: string): Promise<LookupAddress[]>;
}

/** Spec 5.2: the search is for Great Britain only, whichever provider answers it. */
export function refuseOutsideGreatBritain(postcode: string): void {
  if (isOutsideGreatBritain(postcode)) {
    throw new HttpProblem(422, 'Postcode outside Great Britain', messages.addressSearchGreatBritainOnly, {
      type: 'postcode-outside-great-britain',
      fields: { postcode: messages.addressSearchGreatBritainOnly },
    });
  }
}

const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Park Avenue', 'Mill Lane', 'The Green', 'Queens Road'];

function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

export function demoAddressLookup(): AddressLookup {
  return {
    async lookup(postcode) {
      const trimmed = postcode.trim();
      if (!isValid(trimmed)) throw badRequest(messages.postcodeInvalid, { postcode: messages.postcodeInvalid });
      refuseOutsideGreatBritain(trimmed);
      const normalised = toNormalised(trimmed) ?? trimmed.toUpperCase();
      const town = postcodeAreaTowns[toArea(normalised) ?? ''];
      // An area the demo does not know has no addresses it could make up.
      if (town === undefined) return [];
      const h = hash(normalised);
      const street = STREETS[h % STREETS.length] ?? 'High Street';
      const first = (h % 40) + 1;
      const homes: LookupAddress[] = [0, 1, 2, 3, 4].map((i) => ({
        houseNameNumber: String(first + i * 2),
        addressLine1: street,
        addressLine2: '',
        townCity: town,
        postcodeZip: normalised,
      }));
      homes.push({ houseNameNumber: 'Flat 1, Rose Court', addressLine1: street, addressLine2: '', townCity: town, postcodeZip: normalised });
      return homes;
    },
  };
}

export function createAddressLookup(config: Pick<Config, 'addressLookup'>): AddressLookup {
  switch (config.addressLookup) {
    case 'demo':
      return demoAddressLookup();
  }
}
