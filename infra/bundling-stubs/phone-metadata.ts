import { inflateSync } from 'node:zlib';
import deflated from '@portal-bundling/phone-metadata';
import type { MetadataJson } from 'libphonenumber-js/core';

/**
 * Stand-in for `libphonenumber-js/min/metadata` in the functions (infra/bundling.ts, issue 9). The metadata of every
 * country weighs 80 KB as a JavaScript object in each function that reads or shows a phone (the create and patch
 * forms, the society and project PDFs); deflated and base64-encoded (done at bundling time from the installed
 * package's own metadata.min.json, by infra/bundling.ts) it weighs about 25 KB and is inflated once, at the first cold
 * start that formats or reads a phone (about a millisecond). Same data, so shared/phone.ts shows and stores the same.
 * Marked pure, so a function that never parses a phone leaves it out (shared/contracts/define.ts droppable()).
 */
const inflate = (base64: string): MetadataJson =>
  JSON.parse(inflateSync(Buffer.from(base64, 'base64')).toString('utf8')) as MetadataJson;

export default /* @__PURE__ */ inflate(deflated);
