/**
 * Stand-in for `busboy` in the functions whose contract takes no files (infra/bundling.ts: busboy and
 * streamsearch weighed about 23 KB in every bundle). parseRequest answers 400 FORMAT_NOT_ALLOWED to a multipart body
 * before it would parse one for such a contract, so this is never reached; should it be, it names the reason.
 */
export default function busboy(): never {
  throw new Error('multipart parsing is not bundled in this function: its contract takes no files (infra/bundling.ts)');
}
