/** Stores and branches as the nearby searches answer them (domain/contract/branches.ts). */
import type { Branch, Store } from '#domain/contract/branches.ts';

export function makeStore(id: number, overrides: Partial<Store> = {}): Store {
  return {
    id,
    name: `Branch ${id}`,
    brand: 'TM',
    brandName: 'Travel Money',
    branchCode: `B${id}`,
    isMeta: false,
    branchType: 'store',
    latitude: 53.8,
    longitude: -1.55,
    distanceInMiles: id / 10,
    availableFrom: '2025-06-03',
    haveCurrency: true,
    isBuyTransaction: false,
    haveNoOpeningTimes: false,
    url: `/branches/b${id}`,
    address: { address1: `${id} High Street`, postcode: 'LS1 1AA' },
    openingTimes: null,
    stepFree: id % 2 === 1,
    hearingLoop: true,
    accessibleToiletsNearby: false,
    ordersReadyFrom: '14:00',
    ...overrides,
  };
}

export function makeBranch(id: number): Branch {
  return {
    id,
    name: `Branch ${id}`,
    brand: 'TM',
    brandName: 'Travel Money',
    branchCode: `B${id}`,
    url: `/branches/b${id}`,
    latitude: 53.8,
    longitude: -1.55,
    address: { address1: `${id} High Street`, postcode: 'LS1 1AA' },
    openingTimes: [{ dayOfWeek: 1, isOpen: true, openTime: '09:00', closeTime: '17:30' }],
    openingTimeComment: null,
    stepFree: id % 2 === 1,
    hearingLoop: true,
    accessibleToiletsNearby: false,
    ordersReadyFrom: '14:00',
  };
}

export const stores = (count: number): Store[] => Array.from({ length: count }, (_, i) => makeStore(i + 1));
