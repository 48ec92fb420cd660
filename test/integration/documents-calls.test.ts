import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Contract } from '../../shared/contracts/define';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import * as groupContracts from '../../shared/contracts/groups';
import * as projectContracts from '../../shared/contracts/projects';
import { call, signIn } from '../helpers/api';
import { countDynamoCalls, invokeInProcess } from '../helpers/in-process';
import { buildDocumentsWorld } from './documents-fixture';

/**
 * the rule on the document lists (every list page in at most 3 DynamoDB calls, whatever the partition holds),
 * counted on whole requests: authentication (the caller's Get and its memberships' enable flags) included. The
 * requests run in this process so the functions' DynamoDB client can be counted.
 */
const demo = () => inject('portal').demo;
let tokens: Record<'super' | 'project' | 'group' | 'userGroup' | 'society', string>;
let folder: string;

beforeAll(async () => {
  const [sa, pa, ga, ug, us] = await Promise.all(
    ['superadmin', 'proyecto', 'grupo', 'usuariogrupo', 'sociedad'].map((name) =>
      signIn(`${name}@demo.cl`).then((t) => t.access),
    ),
  );
  tokens = {
    super: sa as string,
    project: pa as string,
    group: ga as string,
    userGroup: ug as string,
    society: us as string,
  };
  const { projects, groups, societies } = demo();
  const level = await call(folders.listFolders, {
    token: tokens.super,
    query: { project: projects.andes, group: groups.norte, society: societies.minera },
  });
  const first = level.body.results.find((row) => row.type === 'folder');
  if (!first) throw new Error(`The demo society has no folder: ${JSON.stringify(level.body)}`);
  folder = first.uuid;
});

const counted: string[] = [];

async function measure(label: string, contract: Contract, token: string, query: Record<string, string>) {
  const { calls, result } = await countDynamoCalls(() => invokeInProcess(contract, { token, query }));
  counted.push(`${label}: ${calls} (${result.status})`);
  return { calls, ...result };
}

describe('DynamoDB calls of a whole document list request', () => {
  test('notifications of a group-level user: at most 3 calls', async () => {
    const answers: Array<{ label: string; calls: number }> = [];
    for (const [label, token] of [
      ['GROUP_ADMIN', tokens.group],
      ['USER_GROUP', tokens.userGroup],
    ] as const) {
      const answer = await measure(`notifications ${label}`, documents.listNotifications, token, { limit: '10' });
      expect({ label, status: answer.status }).toEqual({ label, status: 200 });
      answers.push({ label, calls: answer.calls });
    }
    expect(answers.filter((a) => a.calls > 3)).toEqual([]);
  });

  test('a folder reached by typed address (society and folder only): the same answer, in at most 3 calls', async () => {
    const { projects, groups, societies } = demo();
    const answers: Array<{ label: string; calls: number }> = [];
    for (const [label, token] of [
      ['SUPER_ADMIN', tokens.super],
      ['PROJECT_ADMIN', tokens.project],
      ['GROUP_ADMIN', tokens.group],
    ] as const) {
      const typed = await measure(`typed folder ${label}`, folders.listFolders, token, {
        society: societies.minera,
        folder,
      });
      const full = await call(folders.listFolders, {
        token,
        query: { project: projects.andes, group: groups.norte, society: societies.minera, folder },
      });
      expect({ label, status: typed.status }).toEqual({ label, status: 200 });
      expect(typed.body).toEqual(full.body);
      answers.push({ label, calls: typed.calls });
    }
    expect(answers.filter((a) => a.calls > 3)).toEqual([]);
  });

  test('a typed address stays within the caller’s scope: a GROUP_ADMIN reaching another group’s society gets 404', async () => {
    const { societies } = demo();
    const other = await measure('typed society of another group, GROUP_ADMIN', folders.listFolders, tokens.group, {
      society: societies.austral,
    });
    expect(other.status).toBe(404);
  });

  test('a society user’s lists, whose societies’ groups are read for their enable flags: at most 3 calls', async () => {
    const { projects, societies } = demo();
    const notifications = await measure('notifications USER_SOCIETY', documents.listNotifications, tokens.society, {
      limit: '10',
    });
    const browse = await measure('user folder USER_SOCIETY', folders.listUserFolders, tokens.society, {
      project: projects.andes,
      society: societies.minera,
      folder,
    });
    const typed = await measure('typed user folder USER_GROUP', folders.listUserFolders, tokens.userGroup, {
      society: societies.minera,
      folder,
    });
    expect([notifications.status, browse.status, typed.status]).toEqual([200, 200, 200]);
    expect([notifications.calls, browse.calls, typed.calls].filter((calls) => calls > 3)).toEqual([]);
  });

  // The figures for a reader of the run; the tests above assert the bound.
  afterAll(() => {
    console.info(`DynamoDB calls per request: ${counted.join(', ')}`);
  });
});

describe('the memberships check riding in the lists’ reads still cuts a disabled member', () => {
  test('a disabled group or project answers 403 on the document lists, before the 404 and the 400 they would answer', async () => {
    const w = await buildDocumentsWorld();
    const notificationsOf = (token: string, limit = 10) =>
      call(documents.listNotifications, { token, query: { limit } });
    const setEnable = (kind: 'group' | 'project', enable: boolean) =>
      kind === 'group'
        ? call(groupContracts.patchGroup, { token: w.tokens.sa, params: { uuid: w.G }, body: { enable } })
        : call(projectContracts.patchProject, { token: w.tokens.sa, params: { uuid: w.P }, body: { enable } });
    const answers = async () => ({
      // The GROUP_ADMIN's group is in its own record (the first read); the society user's only through its society.
      adminNotifications: (await notificationsOf(w.tokens.gaG)).body,
      userNotifications: (await notificationsOf(w.tokens.user)).body,
      userFolders: (await call(folders.listUserFolders, { token: w.tokens.user, query: { society: w.S } })).body,
      outOfScope: (await call(folders.listFolders, { token: w.tokens.gaG, query: { society: w.S2 } })).body,
      badQuery: (await notificationsOf(w.tokens.gaG, 0)).body,
    });

    const enabled = await answers();
    expect(enabled.outOfScope).toEqual({ code: 'NOT_FOUND' });
    expect(enabled.badQuery.code).toBe('VALIDATION_ERROR');
    expect(enabled.userFolders.results).toBeDefined();

    for (const [kind, code] of [
      ['group', 'GROUP_DISABLED'],
      ['project', 'PROJECT_DISABLED'],
    ] as const) {
      expect((await setEnable(kind, false)).status).toBe(200);
      try {
        expect({ kind, ...(await answers()) }).toEqual({
          kind,
          adminNotifications: { code },
          userNotifications: { code },
          userFolders: { code },
          outOfScope: { code },
          badQuery: { code },
        });
      } finally {
        expect((await setEnable(kind, true)).status).toBe(200);
      }
    }
  });
});
