import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../functions/lib/auth/caller';
import { startPortal } from '../local/portal';

export const title = 'admin lists of a project holding 5,000 societies: DynamoDB calls and latency per request';

const SOCIETIES = Number(process.env.BENCH_SOCIETIES ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PAGE = 15;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Starts the API on free ports with in-memory services, adds a project with two groups and SOCIETIES societies, then
 * times the list endpoints over HTTP as a SUPER_ADMIN and counts the DynamoDB calls each makes, beside a bare
 * DynamoDB Query of one page of the same index in the same run.
 */
export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { createProject } = await import('../functions/projects/projects');
    const { createGroup } = await import('../functions/groups/groups');
    const { societyItem } = await import('../functions/lib/data/societies');
    const { rutCheckDigit } = await import('../shared/rut');
    const table = portal.env.TABLE_NAME as string;
    let calls = 0;
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        calls += 1;
        return next(args);
      },
      { step: 'initialize', name: 'benchCallCounter' },
    );

    const system = { user: { uuid: 'bench', email: 'bench@portal.local' }, role: 'SUPER_ADMIN' } as unknown as Caller;
    const project = await createProject(
      system,
      {
        project_name: `Bench ${randomUUID().slice(0, 6)}`,
        client_name: 'Bench',
        associated_service_description: 'b',
        service_description: 'b',
      },
      [],
    );
    const groups = await Promise.all(
      ['Uno', 'Dos'].map((name) =>
        createGroup(system, { group_name: `Grupo ${name}`, group_description: 'bench', project: project.uuid }),
      ),
    );
    const now = new Date().toISOString();
    const started = performance.now();
    const items = Array.from({ length: SOCIETIES }, (_, i) => {
      const body = 50_000_000 + i;
      return societyItem({
        uuid: randomUUID(),
        society_business_name: `Sociedad Bench ${String(i).padStart(4, '0')} SpA`,
        society_rut: `${body}-${rutCheckDigit(String(body))}`,
        business_line: 'Servicios',
        company_code: `B${i}`,
        industry_uuid: portal.demo.industries[0] as string,
        society_email: 'bench@example.cl',
        currency: 'CLP',
        group_uuid: (groups[i % 2] as { uuid: string }).uuid,
        project_uuid: project.uuid,
        user: [],
        society_contact_name: 'Bench',
        society_phone_number: '+56900000000',
        society_address: null,
        society_contact_email: null,
        tax_module: 'False',
        enable: true,
        created: now,
        updated: new Date(Date.parse(now) + i).toISOString(),
        version: 1,
      });
    });
    for (let start = 0; start < items.length; start += 25) {
      let request: Record<string, unknown[]> | undefined = {
        [table]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
      };
      while (request && Object.keys(request).length > 0) {
        const out = await dynamo.send(new BatchWriteCommand({ RequestItems: request as never }));
        request = out.UnprocessedItems as typeof request;
      }
    }
    console.log(`Loaded ${SOCIETIES} societies in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    const tokenAnswer = await fetch(`${portal.apiUrl}/api/v1/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'superadmin@demo.cl', password: 'Portal.Demo1' }),
    });
    const { access } = (await tokenAnswer.json()) as { access: string };

    const measure = async (label: string, once: () => Promise<unknown>) => {
      await once(); // warm: module load, first connection
      const times: number[] = [];
      const perCall: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const before = calls;
        const t = performance.now();
        await once();
        times.push(performance.now() - t);
        perCall.push(calls - before);
      }
      console.log(
        `${label.padEnd(58)} ${String(median(perCall)).padStart(6)} ${median(times).toFixed(1).padStart(10)}`,
      );
    };
    const get = (path: string) => async () => {
      const response = await fetch(`${portal.apiUrl}/${path}`, { headers: { authorization: `Bearer ${access}` } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json();
    };

    console.log(`${'request'.padEnd(58)} ${'calls'.padStart(6)} ${'median ms'.padStart(10)}`);
    console.log('-'.repeat(76));
    await measure(`bare Query gsi1 of the project, Limit ${PAGE} (DynamoDB only)`, () =>
      dynamo.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': `PROJECT#${project.uuid}#SOCIETIES` },
          Limit: PAGE,
        }),
      ),
    );
    const p = project.uuid;
    await measure(`GET groups of the project`, get(`api/v1/groups/group/?project=${p}&limit=${PAGE}`));
    await measure(`GET societies of the project, page 1`, get(`api/v1/societies/society/?project=${p}&limit=${PAGE}`));
    await measure(
      `GET societies of the project, offset ${SOCIETIES - PAGE}`,
      get(`api/v1/societies/society/?project=${p}&limit=${PAGE}&offset=${SOCIETIES - PAGE}`),
    );
    await measure(
      `GET societies of the project, search "bench 4242"`,
      get(`api/v1/societies/search/?project=${p}&search=bench%204242`),
    );
    await measure(
      `GET societies of one group (half)`,
      get(`api/v1/societies/society/?group=${groups[0]?.uuid}&limit=${PAGE}`),
    );
    const check = (await get(`api/v1/societies/society/?project=${p}&limit=${PAGE}`)()) as { count: number };
    console.log(`\ncount reported for the project: ${check.count} (expected ${SOCIETIES})`);
  } finally {
    await portal.stop();
  }
}
