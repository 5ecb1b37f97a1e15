// API versioning, Stripe-style: a version is a release date. Every workspace is pinned to the
// version that was current when it was created; a request may ask for another supported
// version with the `Replydesk-Version` header. Additive changes (new fields, new endpoints,
// new event kinds) ship without a new version; anything that could break a client written
// against a version ships under a new date, and the old one keeps its behaviour. Every
// response names the version it was produced under. See docs/api.md, "Versioning".
export const CURRENT_API_VERSION = '2026-11-01';
export const SUPPORTED_API_VERSIONS = [CURRENT_API_VERSION] as const;
export const VERSION_HEADER = 'replydesk-version';
