// Loaded with --import into the shop's server process (tests/e2e/start-and-stop.test.ts). When
// the process first listens (the API), writes to the file NODE_MODULES_REPORT names, as JSON, the
// V8 flags set at run time (v8.setFlagsFromString; null if none) and which of Node's own modules
// were loaded after them: each of those was compiled without Node's code cache.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import v8 from 'node:v8';

let atFlags = null;
const setFlagsFromString = v8.setFlagsFromString;
v8.setFlagsFromString = function (flags) {
  atFlags ??= { flags, loaded: new Set(process.moduleLoadList) };
  return setFlagsFromString.call(this, flags);
};
// `import { setFlagsFromString } from 'node:v8'` in the server then finds this one.
syncBuiltinESMExports();

const listen = net.Server.prototype.listen;
let reported = false;
net.Server.prototype.listen = function (...args) {
  if (!reported) {
    reported = true;
    const loadedAfter =
      atFlags === null ? [] : process.moduleLoadList.filter((m) => m.startsWith('NativeModule ') && !atFlags.loaded.has(m)).map((m) => m.slice('NativeModule '.length));
    fs.writeFileSync(process.env.NODE_MODULES_REPORT, JSON.stringify({ flags: atFlags?.flags ?? null, loadedAfter }));
  }
  return listen.apply(this, args);
};
