/** Manage my order (ours): find, cancel, move the collection date. No session: the order's own access key. */
import { ManagedOrderSchema, type FindOrderRequest, type ManagedOrder } from '#domain/contract/manage-order.ts';
import { laterApiRoutes as apiRoutes } from '#domain/contract/later-routes.ts';
import type { ApiClient, CallOptions } from './client.ts';

export function findOrder(api: ApiClient, request: FindOrderRequest, options?: CallOptions): Promise<ManagedOrder> {
  return api.json(apiRoutes.orderFind, apiRoutes.orderFind.url(), ManagedOrderSchema, { ...options, json: request, auth: 'none' });
}

export function cancelOrder(api: ApiClient, access: string, options?: CallOptions): Promise<ManagedOrder> {
  return api.json(apiRoutes.orderCancel, apiRoutes.orderCancel.url(), ManagedOrderSchema, { ...options, json: { access }, auth: 'none' });
}

export function changeCollectionDate(api: ApiClient, access: string, slotId: string, options?: CallOptions): Promise<ManagedOrder> {
  return api.json(apiRoutes.orderCollectionDate, apiRoutes.orderCollectionDate.url(), ManagedOrderSchema, { ...options, json: { access, slotId }, auth: 'none' });
}
