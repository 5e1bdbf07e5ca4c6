/** The UK bank holidays as the shop's server reads them from date-holidays' data, for tests. */
export { bankHolidaysAt } from '../../server/services/bank-holidays.ts';
