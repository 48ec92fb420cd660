import type { HttpResult } from './types';

/** A handler's full answer (a file, a redirect, cookies), sent as is instead of its contract's JSON. */
export class RawResult {
  constructor(readonly result: HttpResult) {}
}
