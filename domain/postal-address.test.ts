import { describe, expect, it } from 'vitest';
import { isHouseNumber, postalAddressLines } from './postal-address.ts';

describe('postalAddressLines', () => {
  it('puts a house number and the street on one line', () => {
    expect(postalAddressLines('41', 'The Green', [null, 'Leeds', 'LS1 4AB'])).toEqual(['41 The Green', 'Leeds', 'LS1 4AB']);
    expect(postalAddressLines(' 12-14 ', 'High Street', ['Flat 2'])).toEqual(['12-14 High Street', 'Flat 2']);
  });

  it('keeps a house name on its own line', () => {
    expect(postalAddressLines('Rose Cottage', 'Mill Lane', ['York'])).toEqual(['Rose Cottage', 'Mill Lane', 'York']);
  });

  it('leaves blanks out and a lone number on its own when there is no street', () => {
    expect(postalAddressLines('41', '', ['', 'Leeds'])).toEqual(['41', 'Leeds']);
    expect(postalAddressLines(null, 'The Green', [undefined])).toEqual(['The Green']);
  });

  it.each([
    ['41', true],
    ['41a', true],
    ['7 - 9', true],
    ['Flat 3', false],
    ['The Old Bakery', false],
  ])('%s is a house number: %s', (house, expected) => {
    expect(isHouseNumber(house)).toBe(expected);
  });
});
