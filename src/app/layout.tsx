import { Component, Suspense, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { appPaths } from '#domain/contract/routes.ts';
import { formatMessage, messages, regulatoryLine } from '#domain/messages.ts';
import { Notice } from '#src/ui/notice.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { TitledSection } from '#src/ui/titled-section.tsx';
import styles from './layout.module.css';

const MAIN_ID = 'main';

/** The matched page; a page whose screen is still loading (its own chunk) shows the loading page. */
function Page() {
  return (
    <Suspense fallback={<Spinner label={messages.loadingPage} size="large" />}>
      <Outlet />
    </Suspense>
  );
}

function SkipLink() {
  return (
    <a className={styles.skipLink} href={`#${MAIN_ID}`}>
      {messages.skipToContent}
    </a>
  );
}

function Main({ banner, children }: { banner?: ReactNode; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
      {banner}
      {children}
    </main>
  );
}

function Logo() {
  return (
    <Link to={appPaths.home} className={styles.logo}>
      <span className={styles.logoMark} aria-hidden="true" />
      {messages.appName}
    </Link>
  );
}

/** What the footer says of the site: its name, HMRC registration and customer line (site settings). */
export interface FooterSite {
  name: string;
  hmrcMsbNumber?: string | undefined;
  support?: { phone: string; hours: string } | undefined;
}

/** The footer's lists of links after its contact column: each an address of the shop and its text. */
const FOOTER_LISTS = [
  {
    id: 'footer-help',
    heading: messages.footerHelpHeading,
    links: [
      [appPaths.faq, messages.faqTitle],
      [appPaths.manageOrder, messages.manageOrderLink],
      [appPaths.branches, messages.findBranch],
      [appPaths.sellTravelMoney, messages.navSellCurrency],
    ],
  },
  { id: 'footer-legal', heading: messages.footerLegalHeading, links: [[appPaths.terms, messages.termsTitle], [appPaths.privacy, messages.privacyTitle], [appPaths.cookies, messages.cookiesTitle]] },
] as const;

/** A titled list of the footer's links. */
function FooterLinks({ id, heading, links }: { id: string; heading: string; links: readonly (readonly [to: string, label: string])[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={styles.footerHeading}>
        {heading}
      </h2>
      <ul className={styles.footerLinks}>
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Footer({ site }: { site?: FooterSite | undefined }) {
  const regulatory = site ? regulatoryLine(site) : null;
  const support = site?.support;
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerColumns}>
          <TitledSection id="footer-contact" title={messages.footerContactHeading} titleClassName={styles.footerHeading}>
            {support ? (
              <p>
                <a href={`tel:${support.phone.replace(/\s+/g, '')}`} className={styles.footerPhone}>
                  {formatMessage(messages.footerCall, { phone: support.phone })}
                </a>
                <br />
                {support.hours}
              </p>
            ) : null}
            <p>{messages.amlSupportNoLine}</p>
          </TitledSection>
          {FOOTER_LISTS.map((list) => (
            <FooterLinks key={list.id} {...list} />
          ))}
        </div>
        <div className={styles.footerBase}>
          <p>{messages.footerNote}</p>
          {regulatory ? <p data-testid="footer-regulatory">{regulatory}</p> : null}
        </div>
      </div>
    </footer>
  );
}

export interface ShopLayoutProps {
  /** The header cart goes here (screens/header-cart), at the end of the header row. */
  headerEnd?: ReactNode;
  /** A page-wide notice above the page (the session notice, screens/session-notice). */
  banner?: ReactNode;
  /** For stories and tests; the router renders the matched page through <Outlet />. */
  children?: ReactNode;
  /** The site the footer speaks for (its registration and customer line); without it, the links only. */
  site?: FooterSite | undefined;
}

/** The frame every shop page shares: skip link, a header with the logo and what follows it, the page, the footer. */
function Shell({ header, banner, children, site }: { header?: ReactNode; banner?: ReactNode; children?: ReactNode; site?: FooterSite | undefined }) {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Logo />
          {header}
        </div>
      </header>
      <Main banner={banner}>{children ?? <Page />}</Main>
      <Footer site={site} />
    </div>
  );
}

/** The frame of the shop's own pages: logo, navigation (Buy currency, Sell currency, Branches), footer. */
export function ShopLayout({ headerEnd, banner, children, site }: ShopLayoutProps) {
  const header = (
    <>
      <nav aria-label={messages.mainNavigation} className={styles.nav}>
        <ul className={styles.navList}>
          {NAV_LINKS.map(([to, label]) => (
            <li key={to}>
              <NavLink end={to === appPaths.home} to={to} className={styles.navLink}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {headerEnd ? <div className={styles.headerEnd}>{headerEnd}</div> : null}
    </>
  );
  return (
    <Shell header={header} banner={banner} site={site}>
      {children}
    </Shell>
  );
}

/** The header's navigation: Buy currency, Sell currency, Branches. */
const NAV_LINKS = [
  [appPaths.home, messages.navBuyCurrency],
  [appPaths.sellTravelMoney, messages.navSellCurrency],
  [appPaths.branches, messages.navBranches],
] as const;

/** The frame of the checkout steps: the logo only; each step draws the checkout header (spec 2.5). */
export function CheckoutLayout({ banner, children, site }: { banner?: ReactNode; children?: ReactNode; site?: FooterSite | undefined }) {
  return (
    <Shell banner={banner} site={site}>
      {children}
    </Shell>
  );
}

/** Pages shown inside another page's iframe: no header or footer. */
export function EmbedLayout({ children }: { children?: ReactNode }) {
  return (
    <main id={MAIN_ID} className={styles.embed}>
      {children ?? <Page />}
    </main>
  );
}

/** A page that threw while rendering: the problem, in the shop's frame. (Unknown paths are the not-found page's route.) */
export function RouteErrorScreen() {
  return (
    <ShopLayout>
      <Notice tone="error" title={messages.somethingWentWrong} />
    </ShopLayout>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The address: a failed page is left behind once the shopper goes elsewhere. */
  path: string;
}

/** Catches what a page throws while rendering (React reports it to the console), until the address changes. */
class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: { failedAt: string | null }) {
    // The failure is pinned to the address it happened at (filled in on the next render).
    if (state.failedAt === '') return { failedAt: props.path };
    return state.failedAt !== null && state.failedAt !== props.path ? { failedAt: null } : null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteErrorScreen />;
  }
}

/** Each frame's pages behind an error boundary, so a page that throws shows a problem, not a blank page. */
export function RouteErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary path={pathname}>{children}</RouteErrorBoundary>;
}
