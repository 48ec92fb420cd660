import { describe, expect, it, vi } from 'vitest';
import { logger } from '../logger';
import { loggableQuery, logRequest } from './log-request';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.secret-access-token.sig';

describe('request log', () => {
  it('redacts tokens, refresh tokens and passwords in the query, and keeps the other parameters', () => {
    expect(
      loggableQuery({ token: TOKEN, refresh_token: 'r1', new_password: 'p1', page: '2', search: 'andes' }),
    ).toEqual({
      token: '[redacted]',
      refresh_token: '[redacted]',
      new_password: '[redacted]',
      page: '2',
      search: 'andes',
    });
    expect(loggableQuery(undefined)).toBeUndefined();
  });

  it('writes no token, Authorization header or body into the line it logs', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const middleware = logRequest('getProjectPdf');
    const request = {
      event: {
        routeKey: 'GET /api/v1/projects/detail/pdf/{uuid}',
        rawPath: '/api/v1/projects/detail/pdf/1',
        rawQueryString: `token=${TOKEN}`,
        queryStringParameters: { token: TOKEN },
        headers: { authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ password: 'Portal.Demo1', refresh: 'refresh-token' }),
        requestContext: { requestId: 'r-1' },
      },
      context: { functionName: 'fn', getRemainingTimeInMillis: () => 1000 },
      response: { statusCode: 200 },
    } as never;
    await middleware.before?.(request);
    await middleware.after?.(request);
    expect(info).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(info.mock.calls);
    expect(logged).toContain('GET /api/v1/projects/detail/pdf/{uuid}');
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain('Portal.Demo1');
    expect(logged).not.toContain('refresh-token');
    info.mockRestore();
  });

  it('puts the correlation id and the portal on every line of the request, and echoes the id on the answer', async () => {
    const appended = vi.spyOn(logger, 'appendKeys');
    const middleware = logRequest('getUserInfo');
    const request = (headers: Record<string, string>) =>
      ({
        event: { routeKey: 'GET /api/v1/users/info/', headers, requestContext: { requestId: 'gw-req-1' } },
        context: { functionName: 'fn', getRemainingTimeInMillis: () => 1000 },
        response: { statusCode: 200, headers: { 'content-type': 'application/json' } },
      }) as never as { response: { headers: Record<string, string> } };
    const sent = request({ 'x-correlation-id': '3f9a0c12be47', 'x-portal-origin': 'https://clientes.firma.cl' });
    await middleware.before?.(sent as never);
    expect(appended).toHaveBeenLastCalledWith(
      expect.objectContaining({
        correlationId: '3f9a0c12be47',
        portal: 'https://clientes.firma.cl',
        contract: 'getUserInfo',
      }),
    );
    await middleware.after?.(sent as never);
    expect(sent.response.headers['x-correlation-id']).toBe('3f9a0c12be47');

    // An id that is not one of ours (too short, or anything a log line should not carry) gives way to the request's.
    const odd = request({ 'x-correlation-id': 'x"; drop' });
    await middleware.before?.(odd as never);
    expect(appended).toHaveBeenLastCalledWith(expect.objectContaining({ correlationId: 'gw-req-1' }));
    // An error's answer, made by the error middleware, names it too.
    await middleware.onError?.(odd as never);
    expect(odd.response.headers['x-correlation-id']).toBe('gw-req-1');
    appended.mockRestore();
  });
});
