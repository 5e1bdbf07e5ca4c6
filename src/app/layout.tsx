import { Suspense, type ReactNode } from 'react';
import { Link, NavLink, Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { NotFoundScreen } from '#src/screens/not-found/not-found-screen.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
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

function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p>{messages.footerNote}</p>
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
}

/** The frame of the shop's own pages: logo, navigation (Buy currency, Sell currency, Branches), footer. */
export function ShopLayout({ headerEnd, banner, children }: ShopLayoutProps) {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Logo />
          <nav aria-label={messages.mainNavigation} className={styles.nav}>
            <ul className={styles.navList}>
              <li>
                <NavLink end to={appPaths.home} className={styles.navLink}>
                  {messages.navBuyCurrency}
                </NavLink>
              </li>
              <li>
                <NavLink to={appPaths.sellTravelMoney} className={styles.navLink}>
                  {messages.navSellCurrency}
                </NavLink>
              </li>
              <li>
                <NavLink to={appPaths.branches} className={styles.navLink}>
                  {messages.navBranches}
                </NavLink>
              </li>
            </ul>
          </nav>
          {headerEnd ? <div className={styles.headerEnd}>{headerEnd}</div> : null}
        </div>
      </header>
      <Main banner={banner}>{children ?? <Page />}</Main>
      <Footer />
    </div>
  );
}

/** The frame of the checkout steps: the logo only; each step draws the checkout header (spec 2.5). */
export function CheckoutLayout({ banner, children }: { banner?: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Logo />
        </div>
      </header>
      <Main banner={banner}>{children ?? <Page />}</Main>
      <Footer />
    </div>
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

/** A route that throws while rendering: a 404 reads as not found, anything else as a problem. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ShopLayout>
      {notFound ? <NotFoundScreen /> : <Notice tone="error" title={messages.somethingWentWrong} />}
    </ShopLayout>
  );
}
