/**
 * The weight budgets, in one place (docs/decisions/weight-budgets.md): the bundling test fails past the bundle sizes,
 * the benches flag what passes them.
 */
export const WEIGHT_BUDGETS = {
  /** A function's minified bundle, KB. */
  functionKb: 200,
  /** A function that answers a file (PDF, Excel) also carries its writer, KB. */
  fileFunctionKb: 400,
  /**
   * A passkey function (SimpleWebAuthn) also carries ASN.1 and X.509 parsing (a DER ECDSA signature, attestation
   * certificates) and the ML-DSA verifier, about 200 KB the library does not split, KB.
   */
  webAuthnFunctionKb: 480,
  /** A typical function's cold start (ready + first call) against a hello-world's that sends one signed read. */
  coldStartRatio: 2,
  /** What a visitor downloads to see /login, gzipped, KB (web/first-load.ts). */
  firstLoadGzipKb: 120,
} as const;
