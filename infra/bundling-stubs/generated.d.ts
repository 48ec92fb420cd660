/** Files infra/bundling.ts writes at bundling time, which the stand-ins import by these names (aliases). */
declare module '@portal-bundling/phone-metadata' {
  /** libphonenumber-js's metadata.min.json, deflated and base64-encoded. */
  const base64: string;
  export default base64;
}
