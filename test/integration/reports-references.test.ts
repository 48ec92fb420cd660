import { beforeAll, describe, expect, test } from 'vitest';
import * as reports from '../../shared/contracts/reports';
import { call } from '../helpers/api';
import { type AssignmentWorld, buildAssignmentWorld } from '../helpers/assignment-world';

/**
 * Report references (portal §3 "reporte, usuario, cant_see"): whom a report reaches, as the admin screen
 * lists it (targets within the caller's scope and the role flags: the one visibility rule), a page at a time, with each
 * one's cant_see; and the references go with the report when it is deleted.
 */
let w: AssignmentWorld;

beforeAll(async () => {
  w = await buildAssignmentWorld();
}, 120_000);

async function create(body: Record<string, unknown>) {
  const answer = await call(reports.createReport, {
    token: w.people.projectAdmin.token,
    body: {
      report_name: `Tablero ${Math.random().toString(36).slice(2, 8)}`,
      menu_name: 'Tablero',
      description: 'Actividad',
      tool_type: 'BUILT_IN',
      builtin_dashboard: 'PORTAL_ACTIVITY',
      module: w.reportModule,
      ...body,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.uuid;
}

async function audience(reporte: string, query: Record<string, string | number | boolean> = {}, token?: string) {
  return call(reports.listReportAudience, {
    token: token ?? w.people.projectAdmin.token,
    query: { reporte, limit: 100, ...query },
  });
}

const uuidsOf = (answer: Awaited<ReturnType<typeof audience>>) => answer.body.results.map((u) => u.uuid).sort();

describe('whom a report reaches', () => {
  test('a group target: its group people and its societies people whose flag is on, nobody of a sibling group', async () => {
    const report = await create({ group_list: [w.G1], enable_user_group: true, enable_user_society: true });
    const answer = await audience(report);
    expect(answer.status).toBe(200);
    expect(uuidsOf(answer)).toEqual([w.people.userGroup.uuid, w.people.userSociety.uuid].sort());
    expect(answer.body.count).toBe(2);
    expect(answer.body.results.every((u) => u.cant_see === false)).toBe(true);
    const society = answer.body.results.find((u) => u.uuid === w.people.userSociety.uuid);
    expect(society).toMatchObject({ email: w.people.userSociety.email, user_role: 'USER_SOCIETY' });
  });

  test('a society target reaches that society and, with their flags, the admins above it; a project target everyone', async () => {
    const bySociety = await create({ society_list: [w.S1a], enable_user_society: true, enable_group_admin: true });
    expect(uuidsOf(await audience(bySociety))).toEqual([w.people.groupAdmin.uuid, w.people.userSociety.uuid].sort());
    const byProject = await create({
      project_list: [w.P],
      enable_project_admin: true,
      enable_group_admin: true,
      enable_user_group: true,
      enable_user_society: true,
    });
    const everyone = uuidsOf(await audience(byProject));
    expect(everyone).toEqual(
      [
        w.people.projectAdmin.uuid,
        w.people.groupAdmin.uuid,
        w.people.userGroup.uuid,
        w.people.userSociety.uuid,
        w.people.otherSociety.uuid,
      ].sort(),
    );
    expect(everyone).not.toContain(w.people.otherProjectAdmin.uuid);
  });

  test('cant_see shows per user; filtered, searched and paged on the server', async () => {
    const report = await create({ group_list: [w.G1], enable_user_group: true, enable_user_society: true });
    const hide = await call(reports.putReportReference, {
      token: w.people.projectAdmin.token,
      body: { reporte: report, usuario: w.people.userSociety.uuid, cant_see: true },
    });
    expect(hide.status).toBe(200);
    const all = await audience(report);
    expect(all.body.results.find((u) => u.uuid === w.people.userSociety.uuid)?.cant_see).toBe(true);
    expect(all.body.results.find((u) => u.uuid === w.people.userGroup.uuid)?.cant_see).toBe(false);
    expect(uuidsOf(await audience(report, { cant_see: true }))).toEqual([w.people.userSociety.uuid]);
    expect(uuidsOf(await audience(report, { cant_see: false }))).toEqual([w.people.userGroup.uuid]);
    // Search by e-mail, case-free.
    const found = await audience(report, { search: w.people.userGroup.email.toUpperCase() });
    expect(uuidsOf(found)).toEqual([w.people.userGroup.uuid]);
    const first = await audience(report, { limit: 1 });
    const second = await audience(report, { limit: 1, offset: 1 });
    expect([first.body.count, first.body.results.length, second.body.results.length]).toEqual([2, 1, 1]);
    expect(first.body.results[0]?.uuid).not.toBe(second.body.results[0]?.uuid);
  });

  test('the references go with the report: once it is deleted, its users list none of them', async () => {
    const report = await create({ group_list: [w.G1], enable_user_group: true, enable_user_society: true });
    for (const person of [w.people.userSociety, w.people.userGroup]) {
      const hide = await call(reports.putReportReference, {
        token: w.people.projectAdmin.token,
        body: { reporte: report, usuario: person.uuid, cant_see: true },
      });
      expect(hide.status).toBe(200);
    }
    const ownReferences = async (token: string) =>
      (await call(reports.listReportReferences, { token })).body.filter((r) => r.reporte === report);
    expect(await ownReferences(w.people.userSociety.token)).toHaveLength(1);
    const deleted = await call(reports.deleteReport, { token: w.people.projectAdmin.token, params: { uuid: report } });
    expect(deleted.status).toBe(200);
    expect(await ownReferences(w.people.userSociety.token)).toEqual([]);
    expect(await ownReferences(w.people.userGroup.token)).toEqual([]);
  });

  test("out of scope: another project's admin gets 404; group admins and users may not call it", async () => {
    const report = await create({ group_list: [w.G1], enable_user_society: true });
    expect((await audience(report, {}, w.people.otherProjectAdmin.token)).status).toBe(404);
    expect((await audience(report, {}, w.people.groupAdmin.token)).status).toBe(403);
    expect((await audience(report, {}, w.people.userSociety.token)).status).toBe(403);
    const superAdmin = await audience(report, {}, w.superAdmin);
    expect(uuidsOf(superAdmin)).toEqual([w.people.userSociety.uuid]);
  });
});
