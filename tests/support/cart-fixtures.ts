/** Carts as GET /api/cart answers them (domain/contract/cart.ts), for machine tests and paths. */
import type { Cart, CartLine } from '#domain/contract/cart.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';

export function cartLine(id: string, code: string, qty: number, total: number): CartLine {
  return {
    id,
    currency: { code, pluralName: `${code} notes`, symbol: code === 'EUR' ? '€' : code === 'USD' ? '$' : code },
    qty,
    rate: Number((qty / total).toFixed(4)),
    total,
    increment: 5,
  };
}

export interface CartOptions {
  id?: string;
  productId?: ProductId;
  storeId?: number;
  lines?: CartLine[];
  buyBackGuarantee?: boolean | null;
  refundGuarantee?: boolean | null;
  expiresAt?: string;
  extensionsLeft?: number;
}

export function makeCart(options: CartOptions = {}): Cart {
  const lines = options.lines ?? [cartLine('line-1', 'EUR', 250, 212.35)];
  const linesTotal = Math.round(lines.reduce((sum, l) => sum + l.total, 0) * 100) / 100;
  const fees = (options.buyBackGuarantee === true ? 4 : 0) + (options.refundGuarantee === true ? 3 : 0);
  const productId = options.productId ?? 2;
  return {
    id: options.id ?? 'cart-1',
    siteId: 1,
    product: { id: productId, transactionType: productId === 3 ? 'buy' : 'sell' },
    store: { id: options.storeId ?? 1 },
    lines,
    total: linesTotal + fees,
    linesTotal,
    expiresAt: options.expiresAt ?? '2025-06-02T10:30:00.000Z',
    extensionsLeft: options.extensionsLeft ?? 2,
    extensionMinutes: 30,
    buyBackGuarantee: options.buyBackGuarantee ?? null,
    refundGuarantee: options.refundGuarantee ?? null,
    affiliateCode: null,
    currencyCode: lines[0]?.currency.code ?? null,
  };
}
