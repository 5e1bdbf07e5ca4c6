/**
 * The router as the actors reach it from outside React (the effects actor's navigation): its
 * navigate and where it is, connected by the route sync under the router (./route-sync.tsx). A page
 * asked for before the router is mounted is gone to once it is.
 */
import type { RouterLocation } from './effects.ts';

type RouterNavigate = (path: string, options?: { replace?: boolean }) => void;

export class RouterLink {
  private navigate: RouterNavigate | null = null;
  private pending: Array<{ path: string; replace: boolean }> = [];
  private here: RouterLocation = { pathname: '/', search: '' };

  go = (path: string): void => this.send(path, false);

  /** In place of the current entry (the back button skips it). */
  replace = (path: string): void => this.send(path, true);

  location = (): RouterLocation => this.here;

  connect(navigate: RouterNavigate): void {
    this.navigate = navigate;
    for (const { path, replace } of this.pending.splice(0)) navigate(path, { replace });
  }

  /** The router moved here. */
  moved(location: RouterLocation): void {
    this.here = { pathname: location.pathname, search: location.search };
  }

  private send(path: string, replace: boolean): void {
    if (this.navigate === null) this.pending.push({ path, replace });
    else this.navigate(path, { replace });
  }
}
