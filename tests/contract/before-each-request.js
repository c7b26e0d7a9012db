/* global pm */
// Runs before every request of the contract run (tests/contract/portman-config.json).
// Each request comes from its own client address (the IPv6 documentation range), as in the Workers
// and browser tests: per-address rate limits meet only where a test means them to.
const part = () => Math.floor(Math.random() * 0xffff).toString(16);
pm.request.headers.upsert({ key: "CF-Connecting-IP", value: `2001:db8:${part()}:${part()}:${part()}:${part()}::1` });
// The run's own account, created by the first operation (signUp) and used by the rest.
if (!pm.collectionVariables.get("accountEmail")) {
  pm.collectionVariables.set("accountEmail", `contract-${Date.now().toString(36)}-${part()}@example.edu`);
}
