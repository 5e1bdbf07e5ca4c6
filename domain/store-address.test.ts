import { describe, expect, it } from 'vitest';
import { storeAddressLines } from './store-address.ts';

describe('storeAddressLines', () => {
  it('reads address1-4 when the branch has them, not the line1-3 copy as well', () => {
    expect(
      storeAddressLines({
        address1: '62 Market Street',
        address2: null,
        address3: 'Manchester',
        address4: 'Greater Manchester',
        line1: '62 Market Street',
        line2: 'Manchester',
        line3: null,
        postcode: 'M1 1PW',
      }),
    ).toEqual(['62 Market Street', 'Manchester', 'Greater Manchester', 'M1 1PW']);
  });

  it('falls back to line1-3', () => {
    expect(storeAddressLines({ line1: '9 High Street', line2: 'Leeds', postcode: 'LS1 1AA' })).toEqual(['9 High Street', 'Leeds', 'LS1 1AA']);
  });
});
