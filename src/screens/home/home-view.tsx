import type { ReactNode } from 'react';
import { messages } from '#domain/messages.ts';
import styles from './home.module.css';

export interface HomeViewProps {
  /** The calculator, beside the rate promise (under it at phone widths). */
  calculator: ReactNode;
  /** What follows the hero: trust signals, delivery facts, popular currencies (home-panels.tsx, loaded on demand). */
  panels?: ReactNode;
}

export function Tick() {
  return (
    <svg className={styles.tick} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The home page (spec 2.1's calculator page): the rate promise beside the calculator, then the panels. */
export function HomeView({ calculator, panels }: HomeViewProps) {
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-hero">
        <div className={styles.heroText}>
          <h1 id="home-hero" className={styles.heroTitle}>
            {messages.heroTitle}
          </h1>
          <p className={styles.heroPromise}>{messages.heroPromise}</p>
          <ul className={styles.points}>
            {messages.heroPoints.split('|').map((point) => (
              <li key={point}>
                <Tick />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.heroCalculator}>{calculator}</div>
      </section>

      {panels}
    </div>
  );
}
