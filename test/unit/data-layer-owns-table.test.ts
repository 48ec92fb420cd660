import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Key shapes, partitions, index names and raw DynamoDB requests live only under functions/lib/data/. Any of
 * these outside it is a module typing the table by hand, which the next areas would copy.
 */
const ROOT = join(__dirname, '..', '..', 'functions');
const OWNER = join(ROOT, 'lib', 'data');
// The commands themselves (shaped as @aws-sdk/lib-dynamodb's, whose types they take).
const ALLOWED: Record<string, RegExp> = {
  'lib/aws/dynamo-commands.ts': /@aws-sdk\/lib-dynamodb/,
  // The trace of a call names the table the request named, as the SDK's X-Ray capture does; it types no request.
  'lib/aws/xray.ts': /call\.input\.TableName/,
};

const FORBIDDEN: Array<[string, RegExp]> = [
  ['a request naming the table', /\bTableName\b/],
  ['a key condition', /\bKeyConditionExpression\b/],
  ['an index name', /\bIndexName\b|\bgsi[1-9](pk|sk)?\b/],
  ['an update or condition expression', /\b(UpdateExpression|ConditionExpression)\b/],
  ['a DynamoDB command', /@aws-sdk\/(lib-dynamodb|client-dynamodb)|aws\/dynamo-commands/],
  [
    'a key shape',
    /[`'"](PROJECT|GROUP|SOCIETY|USER|INVITATION|INDUSTRY|INDUSTRIES|UNIQUE|DIR|SHARD|TOKEN|AUDIT|THROTTLE|EMAIL|LOG|MEMBER|QUOTA|SUPPRESSED|OUTBOX)#/,
  ],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === OWNER ? [] : sources(path);
    // Tests beside the code may build raw requests to check what the code sends; the rule is for the code itself.
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every forbidden pattern found outside lib/data, as "file:line: what". */
function violations(files: Array<{ path: string; text: string }>): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        FORBIDDEN.filter(([, pattern]) => pattern.test(line) && !ALLOWED[path]?.test(line)).map(
          ([what]) => `${path}:${index + 1}: ${what}`,
        ),
      ),
  );
}

describe('the data layer owns the table', () => {
  test('no module outside functions/lib/data types keys, indexes or raw requests', () => {
    const files = sources(ROOT).map((path) => ({
      path: relative(ROOT, path).split('\\').join('/'),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  test('the check fails on each kind of hit', () => {
    const samples = [
      "new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk' })",
      'const partition = `PROJECT#' + '$' + '{uuid}#SOCIETIES`;',
      "readIndex('gsi2', x)",
      "UpdateExpression: 'SET a = :a'",
      "import { GetCommand } from '@aws-sdk/lib-dynamodb';",
      "import { GetCommand } from '../lib/aws/dynamo-commands';",
      "const key = { pk: 'USER#' + uuid };",
    ];
    for (const text of samples) expect(violations([{ path: 'groups/groups.ts', text }])).not.toEqual([]);
    expect(violations([{ path: 'groups/groups.ts', text: 'const partition = societiesOfGroup(uuid);' }])).toEqual([]);
  });
});
