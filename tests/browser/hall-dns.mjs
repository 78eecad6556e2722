// The hall's name for the test's own requests (issue 20.1): Chromium maps
// hall.test to 127.0.0.1 by its flag (lib.mjs); this maps it the same for
// the requests a test sends from Node (page.request, fetch), so every test
// opens jongg at http://hall.test:PORT, an address that is not loopback to
// the browser, as a phone in the hall opens http://192.168.1.23:8080.
// Loaded before each test file by scripts/browser-tests.sh (node --import).
import dns from "node:dns";

const HALL = "hall.test";
const lookup = dns.lookup;
dns.lookup = function (host, options, callback) {
  if (host !== HALL) return lookup.apply(this, arguments);
  const cb = typeof options === "function" ? options : callback;
  const all = typeof options === "object" && options !== null && options.all;
  process.nextTick(() => (all ? cb(null, [{ address: "127.0.0.1", family: 4 }]) : cb(null, "127.0.0.1", 4)));
  return {};
};
// Playwright's own requests (page.request) look names up by the promise API.
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = function (host, options) {
  if (host !== HALL) return lookupPromise.apply(this, arguments);
  const all = typeof options === "object" && options !== null && options.all;
  return Promise.resolve(all ? [{ address: "127.0.0.1", family: 4 }] : { address: "127.0.0.1", family: 4 });
};
