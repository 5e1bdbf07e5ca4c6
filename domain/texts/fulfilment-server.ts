/**
 * Texts only the server writes for the order's journey after payment (issue 45, part 2; wording
 * of ours): the email each step sends, the staff page, and the problems of a refused move. Kept
 * apart from the shop's texts so they are never shipped to a shopper's browser.
 */

/** The email of each step after the first (the first is the order confirmation itself). */
export const fulfilmentEmails = {
  dispatched: {
    subject: 'Your order {reference} is on its way',
    body: 'Good news: your travel money for order {reference} has left us and is on its way to you with our courier.',
    extra: 'Your courier tracking reference is {trackingReference}. Someone will need to sign for the parcel.',
  },
  delivered: {
    subject: 'Your order {reference} has been delivered',
    body: 'Your travel money for order {reference} has been delivered. Have a wonderful trip.',
    extra: "If you didn't receive it, please contact us straight away.",
  },
  readyToCollect: {
    subject: 'Your order {reference} is ready to collect',
    body: 'Your travel money for order {reference} is ready to collect from {branch}.',
    extra: 'Bring your order reference and photo ID (driving licence, passport or national ID card) in the name on the order.',
  },
  collected: {
    subject: 'You have collected your order {reference}',
    body: 'You collected your travel money for order {reference} from {branch}. Have a wonderful trip.',
    extra: "If this wasn't you, please contact us straight away.",
  },
  received: {
    subject: 'We have your currency for order {reference}',
    body: 'Thank you: {branch} has received and checked your currency for sell-back order {reference}.',
    extra: "We'll pay you out next, and email you when we have.",
  },
  paidOut: {
    subject: 'Your sell-back order {reference} is paid',
    body: 'We have paid you {amount} for your sell-back order {reference}.',
    extra: 'Thank you for selling your currency back to us.',
  },
} as const;

export const staffTexts = {
  title: 'Staff: orders to move on',
  signInTitle: 'Staff sign in',
  signInIntro: 'Sign in with the staff token your manager gave you.',
  tokenLabel: 'Staff token',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signInWrong: 'That staff token is not right. Please check it and try again.',
  locationLabel: 'Branch or warehouse',
  warehouse: 'Warehouse (home delivery)',
  show: 'Show orders',
  noOrders: 'No orders waiting here.',
  finished: 'Finished',
  reference: 'Order',
  customer: 'Customer',
  orderDate: 'Date',
  currency: 'Currency',
  since: 'Since',
  nextAction: 'Next action',
  trackingReferenceLabel: 'Courier tracking reference',
  moved: 'Order {reference} is now: {step}.',
  moves: {
    'staff.dispatched': 'Mark as dispatched',
    'staff.delivered': 'Mark as delivered',
    'staff.readyToCollect': 'Mark as ready to collect',
    'staff.collected': 'Mark as collected',
    'staff.received': 'Mark currency as received',
    'staff.paidOut': 'Mark as paid out',
  },
} as const;

export const fulfilmentProblems = {
  signInTitle: 'Please sign in again',
  signIn: 'Your staff sign-in has ended or is missing. Please sign in with the staff token again.',
  notMovableTitle: 'This order cannot be moved on',
  outOfOrder: 'This order is not at the step before that one. Reload the staff page to see where it is now.',
  finished: "This order's journey is already over: there is nothing left to do.",
  cancelled: 'This order was cancelled by the customer, so it cannot be moved on.',
  notPaid: 'This order has not been paid for yet.',
  trackingReferenceMissing: "Enter the courier's tracking reference (6 to 40 letters and digits) to mark the order as dispatched.",
  orderNotFoundTitle: 'Order not found',
  orderNotFound: 'There is no order with that reference.',
} as const;
