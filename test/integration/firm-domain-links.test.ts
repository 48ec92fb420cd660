import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import * as projects from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import { call, signIn } from '../helpers/api';
import { firmDomainReady } from '../helpers/firm-domain';
import { bodyOf, waitForMailWhere } from '../helpers/mail';

/**
 * A firm's mails link to its own domain only once the edge serves it: while the domain is being set up (its DNS
 * not in place, its certificate pending) an invitation links to the portal's own address, which answers; once the
 * domain screen reads it active, to the firm's. A changed domain is being set up again.
 */
const { webUrl } = inject('portal');

describe("links in a firm's mails", () => {
  it("use the portal's address until the firm's domain is active, then the firm's", async () => {
    const sa = (await signIn('superadmin@demo.cl')).access;
    const url = `https://enlaces-${randomUUID().slice(0, 8)}.localhost`;
    const created = await call(projects.createProject, {
      token: sa,
      body: {
        project_name: `Enlaces ${randomUUID().slice(0, 6)}`,
        client_name: 'Enlaces SpA',
        associated_service_description: 'Contabilidad',
        service_description: 'Portal',
        custom_portal_url: url,
        admin: [],
      },
    });
    expect(created.status).toBe(201);
    const project = (created.body as { uuid: string }).uuid;

    const invite = async () => {
      const email = `enlace-${randomUUID().slice(0, 8)}@demo.cl`;
      const sent = await call(registration.generateInvitation, {
        token: sa,
        body: { email, user_role: 'PROJECT_ADMIN', project: [project] },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const mail = await waitForMailWhere(email, (m) => bodyOf(m).includes('/register/'));
      return /(https?:\/\/[^\s"<>]+)\/register\//.exec(bodyOf(mail))?.[1];
    };

    expect(await invite()).toBe(webUrl);
    await firmDomainReady(project, url);
    expect(await invite()).toBe(url);

    // Another domain: set up anew, so links go back to the portal's address until it is active.
    const moved = `https://enlaces-${randomUUID().slice(0, 8)}.localhost`;
    const patched = await call(projects.patchProject, {
      token: sa,
      params: { uuid: project },
      body: { custom_portal_url: moved },
    });
    expect(patched.status).toBe(200);
    expect(await invite()).not.toContain('enlaces-');
  });
});
