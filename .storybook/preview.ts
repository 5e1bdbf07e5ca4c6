import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { handlers } from '../mocks/handlers.ts';
import { loadModalDialog } from '../src/ui/modal.tsx';
import { withFlow } from '../stories/flows/with-flow.tsx';
import '../src/ui/tokens.css';
import '../src/ui/global.css';

const preview: Preview = {
  // The default handlers are the worker's initial handlers: they survive the reset between
  // stories, and a story's own `parameters.msw.handlers` (variants) are put in front of them.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...handlers);
      await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
      return worker;
    }),
    // A story opens its dialogs as they are drawn, not a fetch later (src/ui/modal.tsx).
    async () => {
      await loadModalDialog();
      return {};
    },
  ],
  // Screen stories show their statechart beside them, the states they are in highlighted.
  decorators: [withFlow],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // The shop's three widths (the spec's breakpoints), in the toolbar's viewport menu.
    viewport: {
      options: {
        phone: { name: 'Phone (375 px)', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        tablet: { name: 'Tablet (768 px)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop: { name: 'Desktop (1280 px)', styles: { width: '1280px', height: '900px' }, type: 'desktop' },
      },
    },
  },
};
export default preview;
