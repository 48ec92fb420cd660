import type { TestProject } from 'vitest/node';
import type { DemoData } from '../../local/seed';

/**
 * Starts one whole portal for the integration and browser tests: the real local services on free ports, in memory,
 * the local gateway and the SPA. A developer's running `npm start` is never touched.
 */
export interface TestPortal {
  webUrl: string;
  /** The same SPA under a name no project brands (`*.localhost` is loopback in Chromium and allowed by Vite): users of
   * projects made by a test sign in here, since each demo name is a firm's branded portal that admits only its users. */
  unbrandedWebUrl: string;
  apiUrl: string;
  mailUrl: string;
  env: Record<string, string>;
  demo: DemoData;
}

declare module 'vitest' {
  export interface ProvidedContext {
    portal: TestPortal;
  }
}

export default async function setup(project: TestProject) {
  const { startPortal } = await import('../../local/portal');
  // The fault switch is on for requests that carry a plan of their own (test/integration/faults.test.ts); the
  // other files' requests carry none and meet no fault.
  // The browser tests click through the production build, as people meet it; the API tests only go through its proxy.
  const web = project.name === 'browser' && process.env.PORTAL_TEST_WEB !== 'dev' ? 'built' : 'dev';
  const portal = await startPortal({ mode: 'test', changeStream: true, faults: 'on', web });
  project.provide('portal', {
    webUrl: portal.webUrl,
    unbrandedWebUrl: portal.webUrl.replace('//localhost:', '//unbranded.localhost:'),
    apiUrl: portal.apiUrl,
    mailUrl: portal.services.urls.ses,
    env: portal.env,
    demo: portal.demo,
  });
  return async () => {
    await portal.stop();
  };
}
