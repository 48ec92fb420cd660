import { describe, expect, test } from 'vitest';
import { MAX_FIELD_BYTES, MAX_FIELDS, MultipartLimitError, parseMultipart } from './multipart';

const BOUNDARY = 'prueba-limite';

/** A multipart/form-data body of text fields, in order (a name may repeat). */
function formData(fields: Array<[string, string]>): Buffer {
  const parts = fields.map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`);
}

const parse = (fields: Array<[string, string]>) =>
  parseMultipart(formData(fields), `multipart/form-data; boundary=${BOUNDARY}`);

describe('parseMultipart text fields (no prototype keys)', () => {
  test('a repeated field becomes a list, a single one stays text', async () => {
    const { fields } = await parse([
      ['user', 'a'],
      ['user', 'b'],
      ['group_name', 'Norte'],
    ]);
    expect(fields).toEqual({ user: ['a', 'b'], group_name: 'Norte' });
  });

  test('__proto__, even repeated, is an ordinary own field and leaves the prototype alone', async () => {
    const { fields } = await parse([
      ['__proto__', 'x'],
      ['__proto__', 'y'],
    ]);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['x', 'y']);
    expect(Object.keys(fields)).toEqual(['__proto__']);
  });

  test('names of inherited members (constructor, toString) are read as the sent text, not the inherited one', async () => {
    const { fields } = await parse([
      ['constructor', 'c'],
      ['toString', 't'],
      ['hasOwnProperty', 'h'],
    ]);
    expect(fields).toEqual({ constructor: 'c', toString: 't', hasOwnProperty: 'h' });
    expect({ ...fields }).toEqual({ constructor: 'c', toString: 't', hasOwnProperty: 'h' });
  });

  test('a field not sent is absent, even when Object.prototype has a member of that name', async () => {
    const { fields } = await parse([['group_name', 'Norte']]);
    expect(Object.hasOwn(fields, 'constructor')).toBe(false);
    expect(Object.keys(fields)).toEqual(['group_name']);
  });
});

describe('parseMultipart limits refuse rather than cut', () => {
  test('a text field past the size limit is refused, naming the field', async () => {
    await expect(parse([['group_description', 'x'.repeat(MAX_FIELD_BYTES + 1)]])).rejects.toMatchObject({
      field: 'group_description',
    });
  });

  test('more fields than the limit are refused, not dropped', async () => {
    const many = Array.from({ length: MAX_FIELDS + 1 }, (_, i) => ['user', `u${i}`] as [string, string]);
    await expect(parse(many)).rejects.toBeInstanceOf(MultipartLimitError);
  });

  test('a uuid list of 500 repeated fields (the schemas maximum) arrives whole', async () => {
    const list = Array.from({ length: 500 }, (_, i) => ['user', `u${i}`] as [string, string]);
    const { fields } = await parse(list);
    expect(fields.user).toHaveLength(500);
  });
});
