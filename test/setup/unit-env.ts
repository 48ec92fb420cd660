/**
 * Unit tests start from a clean environment. `npm test` runs the unit, infra and integration projects in one vitest
 * process, and the integration portal's global setup writes the local functions' settings into that process's
 * environment, which unit workers would inherit: a unit test simulating Lambda would then see LOCAL_COGNITO_URL and
 * the emulators' endpoints. Tests set what they need with vi.stubEnv.
 */
const PORTAL_SETTINGS = [
  'TABLE_NAME',
  'ASSETS_BUCKET',
  'DOCUMENTS_BUCKET',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'MAIL_FROM',
  'PORTAL_URL',
  'PORTAL_LOCAL',
  'LOCAL_COGNITO_URL',
  'LOCAL_SECOND_FACTOR_KEY',
  'LOCAL_PORTAL_TOKEN_KEY',
  'LOCAL_MICROSOFT_CLIENT_SECRET',
  'LOCAL_MICROSOFT_STAND_IN',
  'MICROSOFT_CLIENT_ID',
  'PORTAL_FAULT_INJECTION',
  // Test portals turn their metrics off; the unit tests of the metrics read them.
  'POWERTOOLS_METRICS_DISABLED',
];
for (const name of Object.keys(process.env)) {
  if (PORTAL_SETTINGS.includes(name) || name.startsWith('AWS_ENDPOINT_URL')) delete process.env[name];
}
