/**
 * Branches in Great Britain at their towns' real coordinates, plus the home-delivery meta stores.
 * Street addresses are the towns' real shopping streets; the premises are illustrative.
 */
export type HoursPattern = 'standard' | 'city' | 'short' | 'airport';

export interface SeedStore {
  id: number;
  siteId: number | null;
  branchCode: string;
  name: string;
  brand: 'tms' | 'bureau' | 'airport';
  isMeta: boolean;
  branchType: 'HomeDelivery' | 'Branch' | 'Concession' | 'Airport';
  latitude: number | null;
  longitude: number | null;
  address: [string, string | null, string | null, string | null];
  postcode: string;
  /** null: no opening times published. */
  hours: HoursPattern | null;
  comment?: string;
  /** Closed from the Monday of the seeding week for two weeks. */
  closedThisWeek?: boolean;
  increments?: Record<string, number>;
}

export const brandNames: Record<SeedStore['brand'], string> = {
  tms: 'Travel Money Shop',
  bureau: 'High Street Bureau',
  airport: 'Airport Exchange',
};

/** Opening times by weekday, 0 = Sunday, [opens, closes]. */
export const hoursPatterns: Record<HoursPattern, ([string, string] | null)[]> = {
  standard: [null, ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30']],
  city: [['10:00', '16:00'], ['09:00', '18:00'], ['09:00', '18:00'], ['09:00', '18:00'], ['09:00', '20:00'], ['09:00', '18:00'], ['09:00', '18:00']],
  short: [null, ['09:30', '17:00'], ['09:30', '17:00'], ['09:30', '17:00'], ['09:30', '17:00'], ['09:30', '17:00'], ['09:30', '13:00']],
  airport: [['05:00', '21:00'], ['05:00', '21:00'], ['05:00', '21:00'], ['05:00', '21:00'], ['05:00', '21:00'], ['05:00', '21:00'], ['05:00', '21:00']],
};

type Row = [
  id: number,
  code: string,
  name: string,
  brand: SeedStore['brand'],
  lat: number,
  lng: number,
  street: string,
  area: string | null,
  town: string,
  county: string | null,
  postcode: string,
  hours: HoursPattern | null,
  extra?: Partial<Pick<SeedStore, 'comment' | 'closedThisWeek' | 'increments'>>,
];

const branchRows: Row[] = [
  [10, 'LON01', 'London Oxford Street', 'tms', 51.5154, -0.1416, '310 Oxford Street', 'Marylebone', 'London', null, 'W1C 1DX', 'city', { increments: { EUR: 10 } }],
  [11, 'LON02', 'London Victoria', 'tms', 51.4952, -0.1441, '112 Victoria Street', 'Westminster', 'London', null, 'SW1E 5LB', 'city', { increments: { EUR: 10, USD: 10 } }],
  [12, 'LON03', "London King's Cross", 'tms', 51.5308, -0.1238, '4 Pancras Square', "King's Cross", 'London', null, 'N1C 4AG', 'city'],
  [13, 'LON04', 'London Canary Wharf', 'bureau', 51.5054, -0.0235, '25 Cabot Square', 'Canary Wharf', 'London', null, 'E14 4QZ', 'standard'],
  [14, 'LHR05', 'Heathrow Terminal 5', 'airport', 51.4700, -0.4543, 'Departures, Terminal 5', 'Heathrow Airport', 'Hounslow', 'Greater London', 'TW6 2GA', 'airport', { increments: { EUR: 20, USD: 20 } }],
  [15, 'MAN01', 'Manchester Market Street', 'tms', 53.4826, -2.2393, '62 Market Street', null, 'Manchester', 'Greater Manchester', 'M1 1PW', 'city'],
  [16, 'MAN02', 'Manchester Airport', 'airport', 53.3588, -2.2727, 'Departures, Terminal 1', 'Manchester Airport', 'Manchester', 'Greater Manchester', 'M90 1QX', 'airport', { increments: { EUR: 20, USD: 20 } }],
  [17, 'BHM01', 'Birmingham New Street', 'tms', 52.4788, -1.8985, '101 New Street', null, 'Birmingham', 'West Midlands', 'B2 4HQ', 'city', { increments: { EUR: 10 } }],
  [18, 'LDS01', 'Leeds Briggate', 'tms', 53.7977, -1.5422, '86 Briggate', null, 'Leeds', 'West Yorkshire', 'LS1 6LY', 'city'],
  [19, 'SHF01', 'Sheffield Fargate', 'tms', 53.3812, -1.4690, '21 Fargate', null, 'Sheffield', 'South Yorkshire', 'S1 2HD', 'standard'],
  [20, 'LIV01', 'Liverpool Church Street', 'tms', 53.4051, -2.9823, '44 Church Street', null, 'Liverpool', 'Merseyside', 'L1 3AY', 'city'],
  [21, 'NCL01', 'Newcastle Northumberland Street', 'tms', 54.9766, -1.6116, '57 Northumberland Street', null, 'Newcastle upon Tyne', 'Tyne and Wear', 'NE1 7DH', 'city'],
  [22, 'BRS01', 'Bristol Broadmead', 'tms', 51.4584, -2.5897, '33 Broadmead', null, 'Bristol', null, 'BS1 3HX', 'standard'],
  [23, 'CDF01', 'Cardiff Queen Street', 'tms', 51.4823, -3.1746, '70 Queen Street', null, 'Cardiff', null, 'CF10 2GR', 'city'],
  [24, 'SWA01', 'Swansea Oxford Street', 'bureau', 51.6196, -3.9442, '211 Oxford Street', null, 'Swansea', null, 'SA1 3BG', 'short'],
  [25, 'GLA01', 'Glasgow Buchanan Street', 'tms', 55.8622, -4.2541, '150 Buchanan Street', null, 'Glasgow', null, 'G1 2JN', 'city', { increments: { EUR: 20 } }],
  [26, 'EDI01', 'Edinburgh Princes Street', 'tms', 55.9521, -3.1965, '107 Princes Street', null, 'Edinburgh', null, 'EH2 3AA', 'city', { increments: { USD: 5 } }],
  [27, 'ABZ01', 'Aberdeen Union Street', 'tms', 57.1455, -2.1036, '201 Union Street', null, 'Aberdeen', null, 'AB11 6BB', 'standard'],
  [28, 'DND01', 'Dundee Murraygate', 'bureau', 56.4617, -2.9690, '25 Murraygate', null, 'Dundee', null, 'DD1 2EB', 'short'],
  [29, 'INV01', 'Inverness High Street', 'bureau', 57.4784, -4.2247, '14 High Street', null, 'Inverness', null, 'IV1 1HY', 'short'],
  [30, 'NTM01', 'Nottingham Clumber Street', 'tms', 52.9545, -1.1472, '19 Clumber Street', null, 'Nottingham', null, 'NG1 3ED', 'standard'],
  [31, 'LEI01', 'Leicester Gallowtree Gate', 'tms', 52.6358, -1.1328, '30 Gallowtree Gate', null, 'Leicester', null, 'LE1 5AD', 'standard'],
  [32, 'COV01', 'Coventry Hertford Street', 'tms', 52.4066, -1.5104, '8 Hertford Street', null, 'Coventry', 'West Midlands', 'CV1 1LF', 'standard'],
  [33, 'OXF01', 'Oxford Cornmarket', 'tms', 51.7527, -1.2588, '15 Cornmarket Street', null, 'Oxford', null, 'OX1 3EX', 'standard'],
  [34, 'CAM01', 'Cambridge Sidney Street', 'tms', 52.2067, 0.1199, '40 Sidney Street', null, 'Cambridge', null, 'CB2 3HX', 'standard'],
  [35, 'NWI01', 'Norwich Gentleman\'s Walk', 'bureau', 52.6286, 1.2929, '12 Gentleman\'s Walk', null, 'Norwich', 'Norfolk', 'NR2 1NA', 'standard'],
  [36, 'YRK01', 'York Coney Street', 'bureau', 53.9594, -1.0838, '27 Coney Street', null, 'York', null, 'YO1 9QL', 'standard'],
  [37, 'BTN01', 'Brighton Western Road', 'tms', 50.8244, -0.1471, '88 Western Road', null, 'Brighton', 'East Sussex', 'BN1 2LA', 'city'],
  [38, 'SOU01', 'Southampton Above Bar', 'tms', 50.9060, -1.4044, '120 Above Bar Street', null, 'Southampton', 'Hampshire', 'SO14 7DW', 'standard'],
  [39, 'PME01', 'Portsmouth Commercial Road', 'tms', 50.7986, -1.0899, '160 Commercial Road', null, 'Portsmouth', 'Hampshire', 'PO1 1EJ', 'standard'],
  [40, 'EXE01', 'Exeter High Street', 'bureau', 50.7240, -3.5300, '205 High Street', null, 'Exeter', 'Devon', 'EX4 3EB', 'short'],
  [41, 'PLY01', 'Plymouth Armada Way', 'tms', 50.3712, -4.1425, '1 Armada Way', null, 'Plymouth', 'Devon', 'PL1 1EA', 'standard'],
  [42, 'BTH01', 'Bath Stall Street', 'bureau', 51.3807, -2.3597, '11 Stall Street', null, 'Bath', 'Somerset', 'BA1 1QE', 'standard', {
    closedThisWeek: true,
    comment: 'Closed for refurbishment; our Bristol Broadmead branch is open as usual.',
  }],
  [43, 'RDG01', 'Reading Broad Street', 'tms', 51.4559, -0.9730, '53 Broad Street', null, 'Reading', 'Berkshire', 'RG1 2AP', 'standard'],
  [44, 'MKY01', 'Milton Keynes Midsummer Place', 'tms', 52.0428, -0.7551, '300 Midsummer Boulevard', null, 'Milton Keynes', 'Buckinghamshire', 'MK9 3GB', 'city'],
  [45, 'HUL01', 'Hull Whitefriargate', 'bureau', 53.7429, -0.3350, '38 Whitefriargate', null, 'Hull', 'East Riding of Yorkshire', 'HU1 2HA', 'short'],
  [46, 'CHE01', 'Chester Eastgate Street', 'bureau', 53.1905, -2.8906, '19 Eastgate Street', null, 'Chester', 'Cheshire', 'CH1 1LE', null, {
    comment: 'Opening times to be confirmed: please call the branch before visiting.',
  }],
  [47, 'CBY01', 'Canterbury St George\'s Street', 'tms', 51.2785, 1.0821, '9 St George\'s Street', null, 'Canterbury', 'Kent', 'CT1 2SR', 'standard'],
  [48, 'CAX01', 'Carlisle English Street', 'bureau', 54.8925, -2.9345, '26 English Street', null, 'Carlisle', 'Cumbria', 'CA3 8HX', 'short', {
    comment: 'Closed on bank holidays.',
  }],
];

/** A branch's access facts (migration 0020): step-free, hearing loop, accessible toilets nearby, ready from. */
export type BranchAccess = [stepFree: boolean, hearingLoop: boolean, accessibleToiletsNearby: boolean, ordersReadyFrom: string | null];

/**
 * Illustrative, as the premises are: the shopping centres, stations and airports are step-free,
 * some old high-street premises are not; orders placed today arrive from late morning in London
 * and the airports to mid afternoon further away. Migration 0020 sets the same on a database
 * seeded before it (server/db/seed/branches.test.ts keeps the two equal).
 */
export const branchAccess: Record<string, BranchAccess> = {
  LON01: [false, true, true, '12:00'],
  LON02: [true, true, true, '12:00'],
  LON03: [true, true, true, '11:00'],
  LON04: [true, false, true, '13:00'],
  LHR05: [true, true, true, '10:00'],
  MAN01: [true, true, false, '14:00'],
  MAN02: [true, true, true, '10:00'],
  BHM01: [true, false, true, '13:00'],
  LDS01: [false, true, true, '14:00'],
  SHF01: [true, false, false, '14:00'],
  LIV01: [true, true, true, '13:00'],
  NCL01: [true, false, true, '14:00'],
  BRS01: [true, true, true, '14:00'],
  CDF01: [true, true, false, '14:00'],
  SWA01: [false, false, false, '15:00'],
  GLA01: [true, true, true, '13:00'],
  EDI01: [false, true, true, '14:00'],
  ABZ01: [false, false, true, '15:00'],
  DND01: [true, false, false, '15:00'],
  INV01: [false, false, false, '15:30'],
  NTM01: [true, true, false, '14:00'],
  LEI01: [true, false, true, '14:00'],
  COV01: [true, true, true, '14:00'],
  OXF01: [false, true, true, '14:00'],
  CAM01: [false, true, false, '14:00'],
  NWI01: [true, false, true, '15:00'],
  YRK01: [false, false, true, '15:00'],
  BTN01: [true, true, false, '13:00'],
  SOU01: [true, false, true, '14:00'],
  PME01: [true, true, true, '14:00'],
  EXE01: [false, false, true, '15:00'],
  PLY01: [true, true, true, '14:00'],
  BTH01: [false, true, true, '14:00'],
  RDG01: [true, true, true, '13:00'],
  MKY01: [true, true, true, '13:00'],
  HUL01: [false, false, false, '15:00'],
  CHE01: [false, false, true, null],
  CBY01: [true, false, true, '14:00'],
  CAX01: [true, false, false, '15:00'],
};

export const seedStores: SeedStore[] = [
  {
    id: 1,
    siteId: null,
    branchCode: 'HOME',
    name: 'Home delivery',
    brand: 'tms',
    isMeta: true,
    branchType: 'HomeDelivery',
    latitude: null,
    longitude: null,
    address: ['Travel Money Shop Fulfilment Centre', 'Unit 4, Hamilton Road', 'Northampton', null],
    postcode: 'NN4 7BD',
    hours: 'standard',
    comment: 'Delivery Tuesday to Saturday by Royal Mail Special Delivery.',
  },
  {
    id: 2,
    siteId: 2,
    branchCode: 'HOME-PARTNER',
    name: 'Partner home delivery',
    brand: 'bureau',
    isMeta: true,
    branchType: 'HomeDelivery',
    latitude: null,
    longitude: null,
    address: ['High Street Bureau Despatch', 'Unit 4, Hamilton Road', 'Northampton', null],
    postcode: 'NN4 7BD',
    hours: 'standard',
  },
  ...branchRows.map(([id, branchCode, name, brand, latitude, longitude, street, area, town, county, postcode, hours, extra = {}]): SeedStore => ({
    id,
    siteId: null,
    branchCode,
    name,
    brand,
    isMeta: false,
    branchType: brand === 'airport' ? 'Airport' : brand === 'bureau' ? 'Concession' : 'Branch',
    latitude,
    longitude,
    address: [street, area, town, county],
    postcode,
    hours,
    ...extra,
  })),
];
