/**
 * The texts of the footer's pages (help, terms, privacy, cookies). They are messages like those of
 * messages.ts, kept in a module of their own so that only those pages' chunk carries their words,
 * not every page's first load (the calculator page's JS goal, `npm run check:bundle`).
 */
import { messages } from './messages.ts';

/** A page of the footer: its title and its sections, each a heading (or none) and paragraphs. */
export interface InfoPageText {
  title: string;
  intro: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

/** The footer's pages: help (frequently asked questions), terms, privacy and cookies. */
export const infoPages = {
  faq: {
    title: messages.faqTitle,
    intro: 'Answers to what shoppers ask us most. Still stuck? Call us or ask at any branch.',
    sections: [
      {
        heading: 'How is my rate worked out?',
        paragraphs: [
          'The rate you see in the calculator is the rate you pay: there is no commission on top. The more you buy, the better the rate: the calculator tells you when a bigger amount gets a better one.',
          'Your rate is held while the currency is in your cart; the countdown in the header shows how long.',
        ],
      },
      {
        heading: 'When will my currency arrive?',
        paragraphs: [
          'Home delivery comes on the date you choose, from the next working day (never on a Sunday), by a tracked and insured service that needs a signature.',
          'Click and collect is free: choose a branch and a date, and collect from the time the confirmation gives.',
        ],
      },
      {
        heading: 'What do I bring to collect?',
        paragraphs: [
          'The payment card you ordered with and photo identification (passport, driving licence or national ID card) in the name on the order.',
        ],
      },
      {
        heading: 'Can I sell back currency I did not spend?',
        paragraphs: [
          'Yes: choose Sell currency, tell us what you have and which branch you will bring it to, and we pay you in pounds at the rate shown.',
        ],
      },
    ],
  },
  terms: {
    title: messages.termsTitle,
    intro: 'These terms apply to every order placed on this site. Please read them before you order.',
    sections: [
      {
        heading: 'Your order',
        paragraphs: [
          'An order is accepted once payment is taken and the confirmation page shows its order number. The rate on the confirmation is the rate of your order.',
          'We may ask for identification for larger orders, as the Money Laundering Regulations require; the order waits until we have it.',
        ],
      },
      {
        heading: 'Cancelling',
        paragraphs: [
          'You may cancel before your currency is dispatched or collected. Because exchange rates move, a cancelled order is refunded at the rate of the day we receive the currency back.',
        ],
      },
    ],
  },
  privacy: {
    title: messages.privacyTitle,
    intro: 'We use your details to fulfil your order, to meet our legal duties and, only if you agree, to send you offers.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'Your name, address, date of birth, email address and phone number, and the orders you place. Card details are taken by our payment provider and never reach us.',
          'We keep order records for five years, as the Money Laundering Regulations require.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: ['You may ask for a copy of your details, have them corrected, or object to marketing at any time, by calling us or writing to us.'],
      },
    ],
  },
  cookies: {
    title: messages.cookiesTitle,
    intro: 'This site uses only the storage it needs to work.',
    sections: [
      {
        heading: 'What we store',
        paragraphs: [
          'A session that holds your cart and order while you shop, and, when you arrive from a partner, its code so the partner rate follows you through checkout.',
          'Marketing and advertising cookies are set only if you agree to them.',
        ],
      },
    ],
  },
} as const satisfies Record<string, InfoPageText>;
