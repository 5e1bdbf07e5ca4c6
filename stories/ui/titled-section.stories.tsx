import type { Meta, StoryObj } from '@storybook/react-vite';
import { TitledSection } from '#src/ui/titled-section.tsx';
import { deliveryFacts } from '#domain/shop-facts.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { siteSettings } from '../../mocks/fixtures.ts';

const support = siteSettings.support;

const meta = {
  title: 'UI/TitledSection',
  tags: ['autodocs'],
  component: TitledSection,
  args: {
    id: 'footer-contact',
    title: messages.footerContactHeading,
    children: (
      <>
        {support ? (
          <p>
            <a href={`tel:${support.phone.replace(/\s+/g, '')}`}>{formatMessage(messages.footerCall, { phone: support.phone })}</a>
            <br />
            {support.hours}
          </p>
        ) : null}
        <p>{messages.amlSupportNoLine}</p>
      </>
    ),
  },
} satisfies Meta<typeof TitledSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The footer's contact column. */
export const FooterContact: Story = {};

/** The home page's delivery and collection panel. */
export const DeliveryFacts: Story = {
  args: {
    id: 'home-facts',
    title: messages.factsHeading,
    children: (
      <ul>
        {deliveryFacts({ now: new Date('2026-03-04T10:00:00Z'), deliveryPrices: siteSettings.deliveryPrices }).map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
    ),
  },
};

/** The branch page's address card. */
export const BranchAddress: Story = {
  args: {
    id: 'branch-details-address',
    title: messages.branchAddress,
    children: (
      <address>
        {['Unit 12, Arndale Centre', 'Market Street', 'Manchester', 'M4 3AQ'].map((line) => (
          <span key={line} style={{ display: 'block' }}>
            {line}
          </span>
        ))}
      </address>
    ),
  },
};

export const TitleOnly: Story = { args: { id: 'branch-details-hours', title: messages.branchOpeningTimesThisWeek, children: undefined } };
