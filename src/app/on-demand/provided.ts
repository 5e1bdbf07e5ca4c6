/**
 * One provided machine a shop: an on-demand page's machine is given its I/O (`.provide`) the first
 * time its page opens, and the same logic is handed to the shop's `page.opened` after that.
 */
import type { ShopServices } from '../actors.ts';

export function providedOnce<T>(provide: (services: ShopServices) => T): (services: ShopServices) => T {
  const provided = new WeakMap<ShopServices, T>();
  return (services) => {
    let logic = provided.get(services);
    if (logic === undefined) {
      logic = provide(services);
      provided.set(services, logic);
    }
    return logic;
  };
}
