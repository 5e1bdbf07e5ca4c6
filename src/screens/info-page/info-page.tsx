import { Link } from 'react-router-dom';
import { appPaths } from '#domain/contract/routes.ts';
import { infoPages } from '#domain/info-page-texts.ts';
import { messages } from '#domain/messages.ts';
import styles from './info-page.module.css';

export type InfoPageKey = keyof typeof infoPages;

/** One of the footer's pages (help, terms, privacy, cookies): its title, intro and sections. */
export function InfoPage({ page }: { page: InfoPageKey }) {
  const text = infoPages[page];
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{text.title}</h1>
      <p className={styles.intro}>{text.intro}</p>
      {text.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2 className={styles.heading}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <p>
        <Link to={appPaths.home}>{messages.goToHomepage}</Link>
      </p>
    </article>
  );
}
