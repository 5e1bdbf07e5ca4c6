import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The msw worker is served to Storybook only: the app's build (Vite's public/) must not ship it.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
};
export default config;
