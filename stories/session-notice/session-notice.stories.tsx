import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '#domain/messages.ts';
import { SessionNoticeView } from '#src/screens/session-notice/session-notice.tsx';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

/**
 * The notice at the top of the shop's and the checkout's pages after a refused session was
 * replaced (docs/decisions/011). The session machine's `notice` region.
 */
const meta = {
  title: 'Screens/Session notice',
  component: SessionNoticeView,
  args: { notice: null, onDismiss: fn() },
  play: playChecks(() => checks),
} satisfies Meta<typeof SessionNoticeView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing to tell: only the (empty) live region is in the page. */
export const Hidden: Story = {
  parameters: { machineStates: ['session.notice.hidden'] },
};

/** The session ended mid-checkout; the new session kept the cart and order. */
export const SessionEndedCartKept: Story = {
  args: { notice: { kind: 'sessionEnded', keptCart: true } },
  parameters: { machineStates: ['session.notice.sessionEnded'], shows: [messages.sessionEnded, messages.sessionEndedCartKept] },
};

/** The session ended and there was no cart to keep. */
export const SessionEnded: Story = {
  args: { notice: { kind: 'sessionEnded', keptCart: false } },
  parameters: { machineStates: ['session.notice.sessionEnded'], shows: [messages.sessionEnded] },
};

/** No session could be started (the token call failed): Try again asks for one again. */
export const SessionFailed: Story = {
  args: { failed: true, onRetry: fn() },
  parameters: { machineStates: ['session.token.failed'], shows: [messages.sessionFailed] },
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 4.4, 8): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const dismiss = ['button', messages.dismissNotice] as const;

const checks: StateChecks = {
  Hidden: { absent: [messages.sessionEnded, messages.dismissNotice] },
  SessionEndedCartKept: { enabled: [dismiss] },
  SessionEnded: { absent: [messages.sessionEndedCartKept], enabled: [dismiss] },
  SessionFailed: { enabled: [['button', messages.retry]], absent: [messages.sessionEnded] },
};
