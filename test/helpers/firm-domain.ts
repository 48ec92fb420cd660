import { expect, inject } from 'vitest';
import { LOCAL_VALIDATE_PATH } from '../../local/gateway';
import * as projects from '../../shared/contracts/projects';
import { call, signIn } from './api';

/**
 * A firm's domain made ready as in AWS: its DNS points at the portal (the local edge stand-in is told, as CloudFront
 * finds out itself) and the SUPER_ADMIN's domain screen reads it active. From then on the firm's mails link to it.
 */
export async function firmDomainReady(projectUuid: string, url: string): Promise<void> {
  const { apiUrl } = inject('portal');
  const validated = await fetch(`${apiUrl}${LOCAL_VALIDATE_PATH}?domain=${new URL(url).hostname}`, { method: 'POST' });
  expect(validated.status).toBe(200);
  const token = (await signIn('superadmin@demo.cl')).access;
  const report = await call(projects.getProjectDomain, { token, params: { uuid: projectUuid } });
  expect(report.body.status).toBe('active');
}
