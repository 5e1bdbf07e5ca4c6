import { RateAlertResponseSchema, type RateAlertRequest, type RateAlertResponse } from '#domain/rate-alert.ts';
import { ChartResponseSchema, type ChartPoint } from '#domain/contract/catalogue.ts';
import { laterApiRoutes as apiRoutes } from '#domain/contract/later-routes.ts';
import type { ApiClient, CallOptions } from './client.ts';

/** Daily rates of one currency against GBP, oldest first. inverted: the page path ends with to-gbp. */
export function fetchChart(api: ApiClient, currencyCode: string, inverted: boolean, options?: CallOptions): Promise<ChartPoint[]> {
  return api.json(apiRoutes.currencyConverter, apiRoutes.currencyConverter.url(currencyCode, inverted), ChartResponseSchema, { ...options, auth: 'none' });
}


/** POST /api/rate-alerts: "Email me when 1 GBP buys {rate} {code} or more". */
export function createRateAlert(api: ApiClient, request: RateAlertRequest, options?: CallOptions): Promise<RateAlertResponse> {
  return api.json(apiRoutes.rateAlert, apiRoutes.rateAlert.url(), RateAlertResponseSchema, { ...options, json: request });
}
