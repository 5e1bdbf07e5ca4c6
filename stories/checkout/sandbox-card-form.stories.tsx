import type { Meta, StoryObj } from '@storybook/react-vite';
import { GBP_CODE, formatGbp, toMinor } from '#domain/money.ts';
import { orders } from './checkout-story-support.tsx';

/**
 * Stands in for the payment provider's hosted card page inside the payment stories' iframe
 * (the real one is served by the sandbox provider, server/psp).
 */
function SandboxCardForm({ totalMinor = toMinor(orders.collect.total, GBP_CODE) }: { totalMinor?: number }) {
  return (
    <div style={{ maxWidth: '26rem', margin: '0 auto', padding: '1.5rem', background: '#fff', border: '1px solid #d0d5dd', borderRadius: 8 }}>
      {/* The payment story passes its order's total, so the card page asks for what the summary shows. */}
      <h1 style={{ fontSize: '1.25rem' }}>Pay {formatGbp(Number(totalMinor))}</h1>
      {['Card number', 'Expiry date', 'Security code (CVC)', 'Name on card'].map((label) => (
        <p key={label} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <label htmlFor={label}>{label}</label>
          <input id={label} style={{ padding: '.6rem', border: '1px solid #8a94a3', borderRadius: 6 }} />
        </p>
      ))}
      <button type="button" style={{ width: '100%', padding: '.75rem', border: 0, borderRadius: 6, background: '#1d4ed8', color: '#fff' }}>
        Pay now
      </button>
    </div>
  );
}

const meta = { title: 'Checkout/Payment/Sandbox card form', component: SandboxCardForm } satisfies Meta<typeof SandboxCardForm>;
export default meta;

export const Default: StoryObj<typeof meta> = { parameters: { flow: false } };
