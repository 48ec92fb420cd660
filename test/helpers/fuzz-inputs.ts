import fc from 'fast-check';
import { type Contract, pathParamNames } from '../../shared/contracts/define';
import { shapeOf } from './contract-inputs';
import type { RawRequest } from './raw-http';

/**
 * Malformed requests for a contract, drawn from its zod schemas: its path params, query names, body fields and file
 * fields get values of the wrong type, huge or odd text, nulls, lists where one value goes, prototype keys. Bodies
 * that name at least one field always give one of them an object value, which no field of the table accepts, so a
 * body-carrying request is refused by validation unless its schema declares no field at all.
 */

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const oddText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u200b',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    '[]',
    '{}',
    '{"$ne":null}',
    '../../etc/passwd',
    '%00',
    "' OR '1'='1",
    '<script>alert(1)</script>',
    'ñandú Ñuñoa 💥 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    ...PROTOTYPE_KEYS,
  ),
  fc.integer({ min: 1000, max: 5000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 300 }).map((n) => 'ñ'.repeat(n)),
);

const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  fc.constantFrom(null, true, false, 0, -0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 3.14),
  fc.array(oddText, { maxLength: 3 }),
  fc.constant([[[[]]]]),
  fc.constant({ $gt: '' }),
  fc.integer({ min: 1, max: 200 }).map((n) => Array.from({ length: n }, () => 'x')),
);

/** A value that no field of the contract table accepts: an object. */
const refusedValue = fc.constantFrom({ $ne: null }, {}, { length: 1 });

/** Text for a path segment: odd, or a random uuid that names nothing (never a live id: a DELETE would go through). */
const oddSegment = fc.oneof(
  fc.uuid(),
  oddText.filter((s) => s.length > 0 && s.length < 3000),
  fc.constantFrom('..', '.', '%2e%2e', '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ'),
);

function queryArb(contract: Contract): fc.Arbitrary<Array<[string, string]>> {
  const names = [...Object.keys(shapeOf(contract.query)), ...PROTOTYPE_KEYS, 'extra'];
  const pair = fc.tuple(fc.constantFrom(...names), oddText);
  return fc.array(pair, { maxLength: 5 });
}

/** A JSON body text: a wrong top-level type, broken JSON, or an object with odd values and prototype keys. */
function jsonBodyArb(contract: Contract): fc.Arbitrary<string> {
  const fields = Object.keys(shapeOf(contract.body));
  const keys = fc.constantFrom(...fields, ...PROTOTYPE_KEYS, 'extra');
  const object = fc
    .tuple(
      fc.array(fc.tuple(keys, oddJson), { maxLength: 6 }),
      fields.length > 0 ? fc.tuple(fc.constantFrom(...fields), refusedValue) : fc.constant(undefined),
    )
    .map(([pairs, refused]) => {
      // Written as JSON text by hand so that `__proto__` is sent as a plain key, as an attacker would.
      const all = refused ? [...pairs, refused] : pairs;
      return `{${all.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
    });
  const wrongType = oddJson.map((v) => JSON.stringify(v) ?? 'null');
  const broken = fc.constantFrom('{', '{"a":', 'nul', '\ufeff{}', '{"a":1,}', '[', '"', '{"__proto__":');
  return fc.oneof({ weight: 3, arbitrary: object }, wrongType, broken);
}

const BOUNDARY = 'fuzz-limite';

function part(name: string, value: string | Buffer, file?: { filename: string; type: string }): Buffer {
  const disposition = file
    ? `form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}`
    : `form-data; name="${name}"`;
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}

/**
 * A multipart body: odd text fields (prototype keys, repeated names) and at least one file part the contract refuses
 * (an undeclared file field, or text posing as an image), or a broken envelope.
 */
function multipartArb(contract: Contract): fc.Arbitrary<Pick<RawRequest, 'body' | 'contentType'>> {
  const fields = Object.keys(shapeOf(contract.body));
  const fileFields = Object.entries(contract.multipartFiles ?? {});
  const name = fc.constantFrom(...fields, ...PROTOTYPE_KEYS, 'extra');
  const text = fc.array(fc.tuple(name, oddText), { maxLength: 6 });
  const imageFields = fileFields.filter(([, kind]) => kind === 'image').map(([n]) => n);
  const refusedFile = fc.tuple(
    fc.constantFrom(...imageFields, 'evil', '__proto__'),
    fc.constantFrom('../../x.png', 'ñ.png', 'a"b.png', ''),
    fc.constantFrom('image/png', 'text/csv', 'application/octet-stream'),
    oddText,
  );
  const wellFormed = fc.tuple(text, refusedFile).map(([pairs, [field, filename, type, content]]) => ({
    body: Buffer.concat([
      ...pairs.map(([n, v]) => part(n, v)),
      part(field, content, { filename, type }),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }));
  const tooMany = Array.from({ length: 1001 }, () => part('user', 'x'));
  const broken = fc.constantFrom(
    { body: Buffer.from('no boundary here'), contentType: 'multipart/form-data' },
    {
      body: Buffer.concat([part(fields[0] ?? 'a', 'x'.repeat(100_001)), Buffer.from(`--${BOUNDARY}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    {
      body: Buffer.concat([...tooMany, Buffer.from(`--${BOUNDARY}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    {
      body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx`),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    { body: Buffer.from('--otro\r\n\r\n--otro--'), contentType: `multipart/form-data; boundary=${BOUNDARY}` },
  );
  return fc.oneof({ weight: 3, arbitrary: wellFormed }, broken);
}

/** One malformed request for the contract (without its token). */
export function requestArb(contract: Contract, liveIds?: Record<string, string>): fc.Arbitrary<RawRequest> {
  const params = pathParamNames(contract.path);
  const segment = (name: string) => {
    const live = liveIds?.[name];
    return live ? fc.oneof(oddSegment, fc.constant(live)) : oddSegment;
  };
  const paramsArb = fc.record(Object.fromEntries(params.map((name) => [name, segment(name)])));
  const jsonBody = jsonBodyArb(contract).map((body) => ({ body, contentType: 'application/json' }));
  const otherType = fc.constantFrom(
    { body: 'a=1&__proto__=2', contentType: 'application/x-www-form-urlencoded' },
    { body: '{}', contentType: 'text/plain' },
    {
      body: Buffer.concat([part('a', 'b'), Buffer.from(`--${BOUNDARY}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
  );
  const bodyArb: fc.Arbitrary<Pick<RawRequest, 'body' | 'contentType'>> = !contract.body
    ? fc.oneof(fc.constant({}), jsonBody)
    : contract.multipartFiles
      ? fc.oneof(jsonBody, multipartArb(contract))
      : fc.oneof({ weight: 4, arbitrary: jsonBody }, otherType);
  return fc
    .tuple(paramsArb, queryArb(contract), bodyArb)
    .map(([p, query, body]) => ({ params: p as Record<string, string>, query, ...body }));
}

/** String values (not keys) anywhere in a JSON value. */
function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringValues);
  return [];
}

function parsedOrNothing(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The values a request carries (path, query, body; names left out, since item attributes bear the same names), to
 * recognise what it could have written. Short values are left out: they would match items by chance.
 */
export function sentValues(request: RawRequest): string[] {
  const body = typeof request.body === 'string' ? request.body : (request.body?.toString('utf8') ?? '');
  const fromBody = request.contentType?.startsWith('multipart/')
    ? body.split('\r\n').filter((line) => !line.startsWith('--') && !line.includes('Content-'))
    : stringValues(parsedOrNothing(body));
  // Enum constants ('USER_SOCIETY', 'SUPER_ADMIN') stand in many items of other files: they mark nothing as this
  // request's own.
  return [...Object.values(request.params ?? {}), ...(request.query ?? []).map(([, v]) => v), ...fromBody].filter(
    (s) => s.trim().length >= 6 && !/^[A-Z][A-Z_]+$/.test(s.trim()),
  );
}

/**
 * Whether a changed item's text carries a value the request sent. A number ('000000', a code) counts only as a whole
 * number: inside another file's amount (1000000) or epoch second it marks nothing as this request's.
 */
export function mentions(text: string, mark: string): boolean {
  if (!/^\d+$/.test(mark)) return text.includes(mark);
  return new RegExp(`(?<!\\d)${mark}(?!\\d)`).test(text);
}
