import type { StorybookConfig } from '@storybook/react-vite';

/** The app's own build steps (scripts/build-plugins.ts) that serve only the app host: Storybook's build skips them. */
const APP_HOST_ONLY = new Set(['shop:precompress', 'shop:build-stamp']);

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Docs pages with each UI component's props (the `autodocs` tag of stories/ui/).
  addons: ['@storybook/addon-docs'],
  // The msw worker is served to Storybook only: the app's build (Vite's public/) must not ship it.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  // Storybook builds with the app's Vite config: its Brotli and gzip copies of every file and its
  // stamp for `npm start` are the app host's, and cost the story build half its time.
  viteFinal: (vite) => ({
    ...vite,
    plugins: (vite.plugins ?? []).flat().filter((plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && APP_HOST_ONLY.has(plugin.name))),
  }),
};
export default config;
