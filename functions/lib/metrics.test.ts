import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { countAnswer, countMetric, publishingMetrics, publishMetrics } from './metrics';

type Emf = {
  _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> };
  [key: string]: unknown;
};

/** The EMF lines written to stdout while a test runs (what CloudWatch turns into metrics). */
let lines: Emf[] = [];
beforeEach(() => {
  lines = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    const text = String(chunk);
    if (text.includes('"_aws"')) {
      lines.push(JSON.parse(text) as Emf);
      return true;
    }
    return write(chunk, ...(rest as []));
  });
});
afterEach(() => vi.restoreAllMocks());

const names = (line: Emf) => line._aws.CloudWatchMetrics.flatMap((m) => m.Metrics.map((x) => x.Name));
const dimensions = (line: Emf) => line._aws.CloudWatchMetrics.flatMap((m) => m.Dimensions.flat());

describe('metrics of an answered request', () => {
  test('a sign-in counts once, under the service alone, with the firm in the metadata and never as a dimension', () => {
    countAnswer('postToken', 200, 'https://portal.firma.cl');
    publishMetrics();
    expect(lines).toHaveLength(1);
    const [line] = lines as [Emf];
    expect(names(line)).toEqual(['SignIns']);
    expect(line.SignIns).toBe(1);
    expect(line.portal).toBe('https://portal.firma.cl');
    expect(dimensions(line)).toEqual(['service']);
    expect(line._aws.CloudWatchMetrics[0]?.Namespace).toBe('Portal');
  });

  test('a refusal and an error count per contract, the refused sign-in also as a business event', () => {
    countAnswer('postToken', 401);
    countAnswer('listUsers', 500);
    publishMetrics();
    const byName = new Map(lines.flatMap((line) => names(line).map((name) => [name, line] as const)));
    expect([...byName.keys()].sort()).toEqual(['ClientErrors', 'ServerErrors', 'SignInsRefused']);
    expect(byName.get('ClientErrors')?.contract).toBe('postToken');
    expect(dimensions(byName.get('ClientErrors') as Emf)).toEqual(['service', 'contract']);
    expect(byName.get('ServerErrors')?.contract).toBe('listUsers');
  });

  test('a plain successful read counts nothing and writes no line', () => {
    countAnswer('listUsers', 200);
    publishMetrics();
    expect(lines).toEqual([]);
  });
});

test('a job writes what it counted when it fails too, with the units of bytes and milliseconds', async () => {
  await expect(
    publishingMetrics(
      (async () => {
        countMetric('UploadedBytes', 2048);
        countMetric('LedgerImportMs', 35);
        throw new Error('falló');
      })(),
    ),
  ).rejects.toThrow('falló');
  expect(lines).toHaveLength(1);
  const [line] = lines as [Emf];
  expect({ bytes: line.UploadedBytes, ms: line.LedgerImportMs }).toEqual({ bytes: 2048, ms: 35 });
  const units = Object.fromEntries(
    line._aws.CloudWatchMetrics[0]?.Metrics.map((m) => [m.Name, (m as { Unit?: string }).Unit]) ?? [],
  );
  expect(units).toEqual({ UploadedBytes: 'Bytes', LedgerImportMs: 'Milliseconds' });
});
