/**
 * What the table, the documents bucket and the user pool must hold together after any sequence of writes, faulted or
 * not: read with the AWS SDK's own clients (an implementation independent of the functions' light clients), by a Scan
 * of the whole table (a test's read, never a request's). Used by the fault suite (test/integration/faults.test.ts) and
 * the soak (bench/load.ts) after their runs. Other files write to the same table at the same time: every check that
 * spans the table holds at any instant (a transaction lands whole), and the checks that need the full picture of a
 * place (counters, both directions of a directory) look only at the scope the caller built.
 */
export interface ScanScope {
  /** The projects the caller built, whose groups, societies, users and invitations it made. */
  projects: readonly string[];
  /** Modules the caller made (their in_use counter against the reports and assignments in them). */
  modules?: readonly string[];
  /** E-mails the caller gave people (an identity with one has a user record, and the other way round). */
  emails?: readonly string[];
}

export interface ScanSettings {
  tableName: string;
  documentsBucket: string;
  userPoolId: string;
}

type Item = Record<string, unknown> & { pk: string; sk: string };
type Key = [pk: string, sk: string];

/** The item a listing directory's entries name, by the directory's last word. */
const ITEM_KEYS: Record<string, (id: string) => Key> = {
  PROJECTS: (id) => [`PROJECT#${id}`, 'PROJECT'],
  GROUPS: (id) => [`GROUP#${id}`, 'GROUP'],
  SOCIETIES: (id) => [`SOCIETY#${id}`, 'SOCIETY'],
  USERS: (id) => [`USER#${id}`, 'USER'],
  INVITATIONS: (id) => [`INVITATION#${id}`, 'INVITATION'],
};

/** Where a uniqueness marker's owner is, by the marker's kind. */
const MARKER_OWNERS: Record<string, (owner: string) => Key[]> = {
  PROJECT_NAME: (o) => [[`PROJECT#${o}`, 'PROJECT']],
  GROUP_NAME: (o) => [[`GROUP#${o}`, 'GROUP']],
  SOCIETY_RUT: (o) => [[`SOCIETY#${o}`, 'SOCIETY']],
  MODULE_NAME: (o) => [[`MODULE#${o}`, 'MODULE']],
  DOCUMENT_NAME: (o) => [[`DOCUMENT#${o}`, 'DOCUMENT']],
  BI_ENTRY: (o) => [[`BI_ENTRY#${o}`, 'BI_ENTRY']],
  EMAIL: (o) => [[`USER#${o}`, 'USER']],
  INVITE: (o) => [[`INVITATION#${o}`, 'INVITATION']],
};

const entryIds = (shard: Item) =>
  Object.keys(shard)
    .filter((name) => name !== 'pk' && name !== 'sk')
    .map((name) => name.split(':')[0] as string);

/** Reads everything and returns what is wrong, one line per finding (none when consistent). */
export async function invariantScan(settings: ScanSettings, scope: ScanScope): Promise<string[]> {
  const [{ DynamoDBClient }, lib, { S3Client, HeadObjectCommand }, cognitoSdk] = await Promise.all([
    import('@aws-sdk/client-dynamodb'),
    import('@aws-sdk/lib-dynamodb'),
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/client-cognito-identity-provider'),
  ]);
  const dynamo = lib.DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const items: Item[] = [];
  for (let start: Record<string, unknown> | undefined, first = true; first || start; first = false) {
    const page = await dynamo.send(
      new lib.ScanCommand({ TableName: settings.tableName, ...(start && { ExclusiveStartKey: start }) }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  }
  const byKey = new Map(items.map((item) => [`${item.pk}|${item.sk}`, item]));
  /** A Scan is no snapshot: what it shows inconsistent is read again, consistently, before it counts. */
  const exists = async (pk: string, sk: string) =>
    (await dynamo.send(new lib.GetCommand({ TableName: settings.tableName, Key: { pk, sk }, ConsistentRead: true })))
      .Item;
  const get = (pk: string, sk: string) => byKey.get(`${pk}|${sk}`);
  const of = (sk: string) => items.filter((item) => item.sk === sk);
  const problems: string[] = [];

  // Every listing entry, in every directory of the table, names an item that exists.
  const listed: Record<string, (id: string) => Item | undefined> = Object.fromEntries(
    Object.entries(ITEM_KEYS).map(([kind, key]) => [kind, (id: string) => get(...key(id))]),
  );
  const suspects: Array<{ partition: string; shard: string; id: string; kind: string }> = [];
  const directories = new Map<string, Set<string>>();
  for (const shard of items.filter((item) => item.pk.startsWith('DIR#') && item.sk.startsWith('SHARD#'))) {
    const partition = shard.pk.slice('DIR#'.length);
    const ids = directories.get(partition) ?? new Set<string>();
    for (const id of entryIds(shard)) ids.add(id);
    directories.set(partition, ids);
    const kind = partition.split('#').pop() as string;
    const read = listed[kind];
    if (!read) continue;
    for (const id of entryIds(shard)) if (!read(id)) suspects.push({ partition, shard: shard.sk, id, kind });
  }
  for (const { partition, shard, id, kind } of suspects) {
    const [pk, sk] = ITEM_KEYS[kind]?.(id) ?? ['', ''];
    const still = await exists(`DIR#${partition}`, shard);
    if (still && Object.keys(still).some((name) => name.split(':')[0] === id) && !(await exists(pk, sk)))
      problems.push(`orphan entry ${id} in DIR#${partition}`);
  }
  const directory = (partition: string) => directories.get(partition) ?? new Set<string>();

  // Every uniqueness marker's owner exists (a marker is written in its owner's transaction).
  for (const marker of items.filter((item) => item.pk.startsWith('UNIQUE#') && typeof item.owner_uuid === 'string')) {
    const owner = marker.owner_uuid as string;
    const kind = marker.pk.split('#')[1] as string;
    const keysOf = MARKER_OWNERS[kind === 'EMAIL' && marker.pk.startsWith('UNIQUE#EMAIL#INVITE#') ? 'INVITE' : kind];
    if (!keysOf || keysOf(owner).some(([pk, sk]) => get(pk, sk))) continue;
    if (!(await exists(marker.pk, marker.sk))) continue;
    const owners = await Promise.all(keysOf(owner).map(([pk, sk]) => exists(pk, sk)));
    if (!owners.some(Boolean)) problems.push(`marker ${marker.pk} owned by missing ${owner}`);
  }

  const sameSet = (what: string, expected: Iterable<string>, found: Set<string>) => {
    const want = new Set(expected);
    for (const id of want) if (!found.has(id)) problems.push(`${what}: ${id} not listed`);
    for (const id of found) if (!want.has(id)) problems.push(`${what}: ${id} listed, no such item there`);
  };
  const groups = of('GROUP');
  const societies = of('SOCIETY');
  const users = of('USER');
  const ownerships = new Map<string, number>();
  for (const marker of items.filter((item) => item.pk.startsWith('UNIQUE#'))) {
    const owner = marker.owner_uuid as string;
    const kind = marker.pk.split('#')[1] as string;
    ownerships.set(`${kind}|${owner}`, (ownerships.get(`${kind}|${owner}`) ?? 0) + 1);
  }
  for (const project of scope.projects) {
    const record = get(`PROJECT#${project}`, 'PROJECT');
    if (!record) continue;
    const itsGroups = groups.filter((g) => g.project_uuid === project);
    const itsSocieties = societies.filter((s) => s.project_uuid === project);
    // Counters move in the same transaction as the create, move or delete.
    if (record.groups !== itsGroups.length)
      problems.push(`project ${project}: groups counter ${record.groups}, ${itsGroups.length} groups`);
    if (record.society_quantity !== itsSocieties.length)
      problems.push(
        `project ${project}: society_quantity ${record.society_quantity}, ${itsSocieties.length} societies`,
      );
    sameSet(
      `PROJECT#${project}#GROUPS`,
      itsGroups.map((g) => g.uuid as string),
      directory(`PROJECT#${project}#GROUPS`),
    );
    sameSet(
      `PROJECT#${project}#SOCIETIES`,
      itsSocieties.map((s) => s.uuid as string),
      directory(`PROJECT#${project}#SOCIETIES`),
    );
    sameSet(
      `PROJECT#${project}#USERS`,
      users.filter((u) => (u.project_uuids as string[] | undefined)?.includes(project)).map((u) => u.uuid as string),
      directory(`PROJECT#${project}#USERS`),
    );
    for (const group of itsGroups) {
      const inGroup = itsSocieties.filter((s) => s.group_uuid === group.uuid);
      if (group.society_quantity !== inGroup.length)
        problems.push(`group ${group.uuid}: society_quantity ${group.society_quantity}, ${inGroup.length} societies`);
      sameSet(
        `GROUP#${group.uuid}#SOCIETIES`,
        inGroup.map((s) => s.uuid as string),
        directory(`GROUP#${group.uuid}#SOCIETIES`),
      );
      if (!directory('GROUPS').has(group.uuid as string)) problems.push(`group ${group.uuid} not in DIR#GROUPS`);
      if (ownerships.get(`GROUP_NAME|${group.uuid}`) !== 1) problems.push(`group ${group.uuid}: not one name marker`);
    }
    for (const society of itsSocieties) {
      if (!directory('SOCIETIES').has(society.uuid as string))
        problems.push(`society ${society.uuid} not in DIR#SOCIETIES`);
      if (society.society_rut && ownerships.get(`SOCIETY_RUT|${society.uuid}`) !== 1)
        problems.push(`society ${society.uuid}: not one RUT marker`);
    }
  }
  for (const module of scope.modules ?? []) {
    const record = get(`MODULE#${module}`, 'MODULE');
    if (!record) continue;
    const placed = items.filter(
      (item) => (item.sk === 'REPORT' || item.sk === 'ACCOUNTING') && item.module_uuid === module,
    );
    if ((record.in_use ?? 0) !== placed.length)
      problems.push(`module ${module}: in_use ${record.in_use}, ${placed.length} placed in it`);
  }

  // A society's ledger pointer names, for each slice, a version whose aggregate and lines exist (an import that
  // answered an error must not have removed the version its own pointer flip made live).
  const scopedSocieties = new Set(
    societies.filter((s) => scope.projects.includes(s.project_uuid as string)).map((s) => s.uuid as string),
  );
  const linePartitions = new Set(items.filter((item) => item.pk.startsWith('LEDGER#')).map((item) => item.pk));
  for (const pointer of items.filter((item) => item.sk === 'LEDGER' && item.pk.startsWith('ACCOUNTING#'))) {
    const society = pointer.pk.slice('ACCOUNTING#'.length);
    if (!scopedSocieties.has(society)) continue;
    const slices = (pointer.slices ?? {}) as Record<string, { version: string; lines?: number }>;
    for (const [slice, { version, lines }] of Object.entries(slices)) {
      const aggregate = [pointer.pk, `AGG#${slice}#${version}`] as const;
      const partition = `LEDGER#${society}#${slice}#${version}`;
      const hasLines = !lines || linePartitions.has(partition);
      if (get(...aggregate) && hasLines) continue;
      const now = await exists(pointer.pk, 'LEDGER');
      const current = (now?.slices as typeof slices | undefined)?.[slice]?.version === version;
      if (current && !(await exists(...aggregate)))
        problems.push(`ledger of ${society}: ${slice} ${version} has no aggregate`);
      else if (current && !hasLines) {
        const found = await dynamo.send(
          new lib.QueryCommand({
            TableName: settings.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': partition },
            Limit: 1,
            ConsistentRead: true,
          }),
        );
        if (!found.Items?.length) problems.push(`ledger of ${society}: ${slice} ${version} has no lines`);
      }
    }
  }

  // Every document of the scope's projects has its object.
  const s3 = new S3Client({ forcePathStyle: true });
  const documents = of('DOCUMENT').filter((d) => scope.projects.includes(d.project_uuid as string));
  await Promise.all(
    documents.map(async (d) => {
      const found = await s3
        .send(new HeadObjectCommand({ Bucket: settings.documentsBucket, Key: d.key as string }))
        .then(() => true)
        .catch(() => false);
      if (!found) problems.push(`document ${d.uuid}: no object at ${d.key}`);
    }),
  );

  // Template files of request items (functions/lib/data/request-files.ts): each record of the scope's projects with
  // its object; every item that names one (a request's, a template's) names a record of its own project.
  const requestFiles = of('REQFILE');
  await Promise.all(
    requestFiles
      .filter((f) => scope.projects.includes(f.project_uuid as string))
      .map(async (f) => {
        const found = await s3
          .send(new HeadObjectCommand({ Bucket: settings.documentsBucket, Key: f.key as string }))
          .then(() => true)
          .catch(() => false);
        if (!found) problems.push(`request file ${f.uuid}: no object at ${f.key}`);
      }),
  );
  for (const holder of [...of('REQUEST'), ...of('REQTPL')]) {
    for (const item of (holder.items as Array<{ template_file?: { uuid: string } | null }> | undefined) ?? []) {
      if (!item.template_file) continue;
      const key = [`REQFILE#${item.template_file.uuid}`, 'REQFILE'] as const;
      const file = get(...key) ?? (await exists(...key));
      if (!file || file.project_uuid !== holder.project_uuid)
        problems.push(`${holder.pk}: item names request file ${item.template_file.uuid}, not of its project`);
    }
  }

  // A person with an identity has a user record, and a user record has an identity.
  const cognito = new cognitoSdk.CognitoIdentityProviderClient({});
  const scopedUsers = users.filter(
    (u) =>
      (u.project_uuids as string[] | undefined)?.some((p) => scope.projects.includes(p)) ||
      scope.emails?.includes(u.email as string),
  );
  const identity = async (username: string) =>
    cognito
      .send(new cognitoSdk.AdminGetUserCommand({ UserPoolId: settings.userPoolId, Username: username }))
      .then(() => true)
      .catch((error: { name?: string }) => {
        if (error.name === 'UserNotFoundException') return false;
        throw error;
      });
  for (const user of scopedUsers) {
    if (!(await identity(user.uuid as string))) problems.push(`user ${user.uuid}: no identity`);
  }
  const userEmails = new Set(users.map((u) => String(u.email).toLowerCase()));
  const awaitingSweep = new Set(
    items.filter((item) => item.pk.startsWith('CLEANUP#')).flatMap((item) => (item.identities as string[]) ?? []),
  );
  for (const email of scope.emails ?? []) {
    const found = await cognito.send(
      new cognitoSdk.ListUsersCommand({ UserPoolId: settings.userPoolId, Filter: `email = "${email}"` }),
    );
    const identities = (found.Users ?? []).filter((u) =>
      u.Attributes?.some((a) => a.Name === 'email' && a.Value?.toLowerCase() === email.toLowerCase()),
    );
    // An identity a clean-up marker names is garbage the sweeper removes (a registration stopped before its record).
    const orphans = identities.filter((u) => !awaitingSweep.has(u.Username as string));
    if (orphans.length > 0 && !userEmails.has(email.toLowerCase()))
      problems.push(`identity of ${email} (${orphans.map((u) => u.Username)}) without a user record`);
  }

  // Request templates and schedules (functions/lib/data/request-templates.ts): each with its project list's copy (the
  // same version), a schedule with its row in the daily job's queue, and no copy or row without its item.
  const twin = async (what: string, item: Item, pk: string, sk: string, sameVersion: boolean) => {
    const other = get(pk, sk) ?? (await exists(pk, sk));
    if (!other) {
      problems.push(`${what} without ${pk} / ${sk}`);
      return;
    }
    if (!sameVersion || other.version === item.version) return;
    // Read again together: an edit may have landed between the two in the Scan.
    const [mine, copy] = await Promise.all([exists(item.pk, item.sk), exists(pk, sk)]);
    if (mine && copy && mine.version !== copy.version) problems.push(`${what}: its copy ${pk} is another version`);
  };
  for (const t of of('REQTPL').filter((item) => item.pk.startsWith('REQTPL#'))) {
    await twin(`template ${t.pk}`, t, `REQTPLS#${t.project_uuid}`, t.uuid as string, true);
  }
  for (const row of items.filter((item) => item.pk.startsWith('REQTPLS#'))) {
    if (!(await exists(`REQTPL#${row.sk}`, 'REQTPL'))) problems.push(`template list row ${row.pk} / ${row.sk} alone`);
  }
  for (const sch of of('REQSCHED').filter((item) => item.pk.startsWith('REQSCHED#'))) {
    // Read again: the daily job may have moved it to its next day since the Scan.
    const now = (await exists(sch.pk, sch.sk)) as Item | undefined;
    if (!now) continue;
    await twin(`schedule ${sch.pk}`, now, `REQSCHEDS#${now.project_uuid}`, now.uuid as string, true);
    await twin(`schedule ${sch.pk}`, now, 'REQSCHED#NEXT', `${now.next_day}#${now.uuid}`, false);
  }
  for (const row of items.filter((item) => item.pk === 'REQSCHED#NEXT' || item.pk.startsWith('REQSCHEDS#'))) {
    const uuid = row.pk === 'REQSCHED#NEXT' ? row.sk.slice(11) : row.sk;
    if (!(await exists(`REQSCHED#${uuid}`, 'REQSCHED'))) problems.push(`schedule row ${row.pk} / ${row.sk} alone`);
  }

  // Document requests (functions/lib/data/requests.ts): each with its three listing rows in its state's bucket (the
  // same version), an open one with its reminder row on its day; no row without its request, nor in another bucket.
  for (const r of of('REQUEST').filter((item) => item.pk.startsWith('REQUEST#'))) {
    // Read again: a change may have moved it (and its rows) since the Scan.
    const now = (await exists(r.pk, r.sk)) as Item | undefined;
    if (!now) continue;
    const sk = `${now.due_date}#${now.uuid}`;
    for (const [level, uuid] of [
      ['P', now.project_uuid],
      ['G', now.group_uuid],
      ['S', now.society_uuid],
    ])
      await twin(`request ${r.pk}`, now, `REQS#${level}#${uuid}#${now.state}`, sk, true);
    if (now.remind_day) await twin(`request ${r.pk}`, now, `REMIND#${now.remind_day}`, now.uuid as string, false);
  }
  for (const row of items.filter((item) => item.pk.startsWith('REQS#'))) {
    const request = (await exists(`REQUEST#${row.uuid}`, 'REQUEST')) as Item | undefined;
    if (!request) problems.push(`request list row ${row.pk} / ${row.sk} alone`);
    else if (!row.pk.endsWith(`#${request.state}`) && (await exists(row.pk, row.sk)))
      problems.push(`request list row ${row.pk} / ${row.sk} in another bucket than its request's ${request.state}`);
  }
  return problems;
}
