/** The notes you want (issue 45): what each line of the cart may have, and a line's choice. Loads with the checkout. */
import { laterApiRoutes as apiRoutes } from '#domain/contract/later-routes.ts';
import { CartNotesSchema, type CartNotes, type NoteChoice } from '#domain/note-mix.ts';
import type { ApiClient, CallOptions } from './client.ts';

export function loadCartNotes(api: ApiClient, options?: CallOptions): Promise<CartNotes> {
  return api.json(apiRoutes.cartNotes, apiRoutes.cartNotes.url(), CartNotesSchema, options);
}

export function saveLineNotes(api: ApiClient, lineId: string, choice: NoteChoice, options?: CallOptions): Promise<CartNotes> {
  return api.json(apiRoutes.cartLineNotes, apiRoutes.cartLineNotes.url(lineId), CartNotesSchema, { ...options, json: choice });
}
