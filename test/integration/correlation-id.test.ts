import { describe, expect, inject, it } from 'vitest';
import { getUserInfo } from '../../shared/contracts/auth';
import { CORRELATION_HEADER } from '../../shared/correlation';
import { signIn } from '../helpers/api';

/**
 * The correlation id the SPA sends with each call comes back on the answer, refusals and errors included, so the error
 * the person saw and the request's log lines share it; a malformed one is replaced by the request's own id.
 */
const { apiUrl } = inject('portal');
const get = (headers: Record<string, string>) => fetch(`${apiUrl}/${getUserInfo.path}`, { headers });

describe('correlation id', () => {
  it('is echoed on a success and on a refusal', async () => {
    const { access } = await signIn('superadmin@demo.cl');
    const ok = await get({ authorization: `Bearer ${access}`, [CORRELATION_HEADER]: 'a1b2c3d4e5f6' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get(CORRELATION_HEADER)).toBe('a1b2c3d4e5f6');
    const refused = await get({ [CORRELATION_HEADER]: 'f6e5d4c3b2a1' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get(CORRELATION_HEADER)).toBe('f6e5d4c3b2a1');
  });

  it('is the request id when the client sent none or a malformed one', async () => {
    for (const headers of [{}, { [CORRELATION_HEADER]: 'no id' }] as Array<Record<string, string>>) {
      const answer = await get(headers);
      expect(answer.status).toBe(401);
      expect(answer.headers.get(CORRELATION_HEADER)).toMatch(/^[\w-]{8,}$/);
      expect(answer.headers.get(CORRELATION_HEADER)).not.toBe('no id');
    }
  });
});
