import { Link } from 'react-router-dom';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';

export function NotFoundScreen() {
  return (
    <>
      <h1>{messages.pageNotFound}</h1>
      <p>{messages.pageNotFoundBody}</p>
      <p>
        <Link to={appPaths.home}>{messages.goToHomepage}</Link>
      </p>
    </>
  );
}
