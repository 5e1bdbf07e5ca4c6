import { Link } from 'react-router-dom';
import type { RatesBoard, SiteSettings } from '#domain/contract/catalogue.ts';
import { POPULAR_CURRENCY_CODES, chartPathOfCurrency } from '#domain/currency-flags.ts';
import { formatMessage, messages, regulatoryLine } from '#domain/messages.ts';
import { formatRate } from '#domain/money.ts';
import { monthTrend, sparklinePoints } from '#domain/rates-board.ts';
import { deliveryFacts } from '#domain/shop-facts.ts';
import { CurrencyFlag } from '#src/ui/currency-flag.tsx';
import { Tick } from './home-view.tsx';
import { TitledSection } from '#src/ui/titled-section.tsx';
import styles from './home.module.css';

export interface PopularCurrency {
  code: string;
  name: string;
  /** Its rate chart page. */
  href: string;
  /** Today's rates for £1 and the last month's mid rates, once the rates board is read. */
  rates?: { buy: number | null; sellBack: number | null; history: readonly number[] };
}

const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 28;

/** A currency's rates for £1 and its month as a line, with the month's move in words. */
function CurrencyRates({ code, rates }: { code: string; rates: NonNullable<PopularCurrency['rates']> }) {
  const trend = monthTrend(rates.history);
  const rate = (value: number | null) => (value === null ? messages.ratesBoardNotTraded : `${formatRate(value)} ${code}`);
  return (
    <>
      <dl className={styles.rates}>
        <div>
          <dt>{messages.ratesBoardBuy}</dt>
          <dd data-testid={`board-buy-${code}`}>{rate(rates.buy)}</dd>
        </div>
        <div>
          <dt>{messages.ratesBoardSellBack}</dt>
          <dd data-testid={`board-sell-${code}`}>{rate(rates.sellBack)}</dd>
        </div>
      </dl>
      {rates.history.length > 1 ? (
        <p className={styles.trend} data-trend={trend.trend}>
          <svg className={styles.sparkline} viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`} aria-hidden="true" focusable="false" preserveAspectRatio="none">
            <polyline points={sparklinePoints(rates.history, SPARK_WIDTH, SPARK_HEIGHT)} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
          </svg>
          <span className={styles.trendText}>{trend.text}</span>
        </p>
      ) : null}
    </>
  );
}

export interface HomePanelsProps {
  /** 'Travel Money Shop is registered with HM Revenue & Customs...', or null when the site gives none. */
  regulatory: string | null;
  support: { phone: string; hours: string } | null;
  /** Delivery and collection facts, one a line. */
  facts: readonly string[];
  popular: readonly PopularCurrency[];
  /** The rates are the demo's sample history: the board says "Sample rates". */
  sample?: boolean;
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
export function HomePanels({ regulatory, support, facts, popular, sample = false }: HomePanelsProps) {
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

          <TitledSection id="home-facts" title={messages.factsHeading} className={styles.panel} titleClassName={styles.panelTitle}>
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
          </TitledSection>
        </div>

        {popular.length > 0 ? (
          <section aria-labelledby="home-popular">
            <h2 id="home-popular" className={styles.sectionTitle}>
              {messages.popularHeading}
            </h2>
            {popular.some((currency) => currency.rates) ? (
              <p className={styles.boardCaption}>
                {sample ? <strong data-testid="sample-rates">{messages.sampleRates}</strong> : null}
                {sample ? ' ' : null}
                {messages.ratesBoardCaption}
              </p>
            ) : null}
            <ul className={popular.some((currency) => currency.rates) ? `${styles.popular} ${styles.board}` : styles.popular}>
              {popular.map((currency) => (
                <li key={currency.code} className={currency.rates ? styles.boardCard : undefined} data-testid={`board-${currency.code}`}>
                  <Link to={currency.href} className={styles.currency}>
                    <CurrencyFlag code={currency.code} className={styles.flag} />
                    <span className={styles.currencyName}>{currency.name}</span>{' '}
                    <span className={styles.currencyCode}>{currency.code}</span>{' '}
                    <span className="visually-hidden">{messages.popularRateChart}</span>
                  </Link>
                  {currency.rates ? <CurrencyRates code={currency.code} rates={currency.rates} /> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
    </>
  );
}

/**
 * The panels for the site's settings and the currencies the shop trades, as of `now`, with the
 * rates board once it is read (null until then, or when it could not be read: the currencies
 * still show, without rates).
 */
export function HomePanelsForSite({
  site,
  currencies,
  now,
  board = null,
}: {
  site: SiteSettings;
  currencies: readonly { code: string; pluralName: string }[];
  now: Date;
  board?: RatesBoard | null;
}) {
  const popular = POPULAR_CURRENCY_CODES.flatMap((code): PopularCurrency[] => {
    const currency = currencies.find((c) => c.code === code);
    if (!currency) return [];
    const row = board?.currencies.find((c) => c.code === code);
    const rates = row ? { buy: row.buyRate, sellBack: row.sellBackRate, history: row.history.map((p) => p.rate) } : undefined;
    return [{ code, name: currency.pluralName, href: chartPathOfCurrency(code), ...(rates ? { rates } : {}) }];
  });
  return (
    <HomePanels
      regulatory={regulatoryLine(site)}
      support={site.support ?? null}
      facts={deliveryFacts({ now, deliveryPrices: site.deliveryPrices, bankHolidays: site.bankHolidays })}
      popular={popular}
      sample={board?.sample ?? false}
    />
  );
}
