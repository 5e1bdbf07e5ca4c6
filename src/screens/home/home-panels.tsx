import { Link } from 'react-router';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import { POPULAR_CURRENCY_CODES, chartPathOfCurrency } from '#domain/currency-flags.ts';
import { formatMessage, messages, regulatoryLine } from '#domain/messages.ts';
import { deliveryFacts } from '#domain/shop-facts.ts';
import { CurrencyFlag } from '#src/ui/currency-flag.tsx';
import { Tick } from './home-view.tsx';
import styles from './home.module.css';

export interface PopularCurrency {
  code: string;
  name: string;
  /** Its rate chart page. */
  href: string;
}

export interface HomePanelsProps {
  /** 'Travel Money Shop is registered with HM Revenue & Customs...', or null when the site gives none. */
  regulatory: string | null;
  support: { phone: string; hours: string } | null;
  /** Delivery and collection facts, one a line. */
  facts: readonly string[];
  popular: readonly PopularCurrency[];
}

function Shield() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z" fill="currentColor" opacity="0.15" />
      <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Under the hero: why to trust the shop, delivery and collection facts, popular currencies with their charts. */
export function HomePanels({ regulatory, support, facts, popular }: HomePanelsProps) {
  return (
    <>
        <div className={styles.panels}>
          <section className={styles.panel} aria-labelledby="home-trust">
            <h2 id="home-trust" className={styles.panelTitle}>
              <Shield />
              {messages.trustHeading}
            </h2>
            <ul className={styles.factList}>
              {regulatory ? <li data-testid="regulatory-line">{regulatory}</li> : null}
              <li>{messages.securePayment}</li>
              {support ? (
                <li>
                  {formatMessage(messages.amlSupport, { phone: support.phone, hours: support.hours })}
                </li>
              ) : null}
            </ul>
          </section>

          <section className={styles.panel} aria-labelledby="home-facts">
            <h2 id="home-facts" className={styles.panelTitle}>
              {messages.factsHeading}
            </h2>
            <ul className={styles.factList}>
              {facts.map((fact) => (
                <li key={fact}>
                  <Tick />
                  {fact}
                </li>
              ))}
            </ul>
            <p className={styles.panelLink}>
              <Link to="/branches">{messages.findBranch}</Link>
            </p>
          </section>
        </div>

        {popular.length > 0 ? (
          <section aria-labelledby="home-popular">
            <h2 id="home-popular" className={styles.sectionTitle}>
              {messages.popularHeading}
            </h2>
            <ul className={styles.popular}>
              {popular.map((currency) => (
                <li key={currency.code}>
                  <Link to={currency.href} className={styles.currency}>
                    <CurrencyFlag code={currency.code} className={styles.flag} />
                    <span className={styles.currencyName}>{currency.name}</span>{' '}
                    <span className={styles.currencyCode}>{currency.code}</span>{' '}
                    <span className="visually-hidden">{messages.popularRateChart}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
    </>
  );
}

/** The panels for the site's settings and the currencies the shop trades, as of `now`. */
export function HomePanelsForSite({ site, currencies, now }: { site: SiteSettings; currencies: readonly { code: string; pluralName: string }[]; now: Date }) {
  const popular = POPULAR_CURRENCY_CODES.flatMap((code) => {
    const currency = currencies.find((c) => c.code === code);
    return currency ? [{ code, name: currency.pluralName, href: chartPathOfCurrency(code) }] : [];
  });
  return (
    <HomePanels
      regulatory={regulatoryLine(site)}
      support={site.support ?? null}
      facts={deliveryFacts({ now, deliveryPrices: site.deliveryPrices })}
      popular={popular}
    />
  );
}
