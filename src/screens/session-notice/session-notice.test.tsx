import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '#domain/messages.ts';
import { SessionNoticeView } from './session-notice.tsx';

describe('session notice (docs/decisions/011)', () => {
  it('keeps an empty live region in the page while there is nothing to tell', () => {
    render(<SessionNoticeView notice={null} onDismiss={() => {}} />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
  });

  it('says the session ended and that the cart is as it was, in the live region', () => {
    render(<SessionNoticeView notice={{ kind: 'sessionEnded', keptCart: true }} onDismiss={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent(`${messages.sessionEnded} ${messages.sessionEndedCartKept}`);
  });

  it('says only that a new session started when there was no cart to keep', () => {
    render(<SessionNoticeView notice={{ kind: 'sessionEnded', keptCart: false }} onDismiss={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent(messages.sessionEnded);
    expect(screen.getByRole('status')).not.toHaveTextContent(messages.sessionEndedCartKept);
  });

  it('is dismissed with its button', async () => {
    const onDismiss = vi.fn();
    render(<SessionNoticeView notice={{ kind: 'sessionEnded', keptCart: true }} onDismiss={onDismiss} />);
    await userEvent.click(screen.getByRole('button', { name: messages.dismissNotice }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('says when no session could be started, and Try again asks for one again', async () => {
    const onRetry = vi.fn();
    render(<SessionNoticeView notice={null} onDismiss={() => {}} failed onRetry={onRetry} />);
    expect(screen.getByRole('status')).toHaveTextContent(messages.sessionFailed);
    await userEvent.click(screen.getByRole('button', { name: messages.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
