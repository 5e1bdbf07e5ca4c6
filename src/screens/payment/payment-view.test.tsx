import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import { PaymentView } from './payment-view.tsx';

const PSP = 'http://localhost:4302';

function post(frame: HTMLIFrameElement, origin: string, data: unknown, source: Window | null = frame.contentWindow) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data, source }));
  });
}

describe('PaymentView', () => {
  it("sizes the card page's frame to the height the page reports, from the provider's origin and its own frame only", () => {
    render(<PaymentView status="ready" paymentUrl={`${PSP}/pay/p1?token=t`} notice={null} loadProblem={null} onRetry={() => {}} />);
    const frame = screen.getByTitle(messages.paymentFrameTitle) as HTMLIFrameElement;
    expect(frame.style.height).toBe('');

    post(frame, 'http://evil.example', { source: 'travel-money-psp', type: 'frame.resized', height: 300 });
    post(frame, PSP, { source: 'travel-money-psp', type: 'frame.resized', height: 300 }, window);
    post(frame, PSP, { source: 'travel-money-psp', type: 'frame.resized', height: -1 });
    expect(frame.style.height).toBe('');

    post(frame, PSP, { source: 'travel-money-psp', type: 'frame.resized', height: 612 });
    expect(frame.style.height).toBe('614px');
    post(frame, PSP, { source: 'travel-money-psp', type: 'frame.resized', height: 701 });
    expect(frame.style.height).toBe('703px');
  });
});
