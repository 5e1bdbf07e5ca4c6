import { installWarningGuard } from './fail-on-warnings.ts';

// XState's warnings fail the machine, server and path tests as they fail the views' (fail-on-warnings.ts).
installWarningGuard();
