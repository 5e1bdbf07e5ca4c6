import type { Preview } from '@storybook/react-vite';
import '../src/ui/tokens.css';
import '../src/ui/global.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};
export default preview;
