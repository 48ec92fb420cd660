import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actionsOf,
  contractById,
  roleStatements,
  type Statement,
  type Synthesized,
  synthSample,
  unacknowledgedViolations,
  variablesOf,
} from './helpers';

/**
 * The report viewer's embedding is configured per deployment (CDK context, docs/deploy.md). Without context
 * nothing is set; with it, only the function that embeds (getReport) gets the settings and exactly the AWS access
 * they need. The grant names the dashboards deploy time knows (the configured id prefix), and the registry's
 * writer refuses ids outside that same prefix. The real declarations of a few report contracts are synthesized,
 * cdk-nag included.
 */
const SAMPLE = ['getReport', 'getReportDashboard', 'listReports', 'getModuleReport', 'createRegistryEntry'].map(
  contractById,
);
const OTHERS = SAMPLE.filter((c) => c.id !== 'getReport').map((c) => c.id);

const QUICKSIGHT = {
  quicksightAccountId: '111122223333',
  quicksightRegion: 'us-east-1',
  quicksightNamespace: 'clientes',
};
const POWER_BI = {
  powerbiMode: 'SERVICE_PRINCIPAL',
  powerbiTenantId: '00000000-1111-2222-3333-444444444444',
  powerbiClientId: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
  powerbiSecretParameter: '/portal/powerbi/secret',
  powerbiFilterTable: 'Portal',
};
const synth = (context: Record<string, unknown>) => synthSample(SAMPLE, context);
const embeddingVariables = (variables: Record<string, unknown>) =>
  Object.keys(variables).filter((name) => name.startsWith('QUICKSIGHT_') || name.startsWith('POWERBI_'));
/** Statements as plain JSON with CloudFormation's pseudo parameters spelled out. */
const resolved = (statements: Statement[]) =>
  JSON.parse(
    JSON.stringify(statements)
      .replaceAll('{"Ref":"AWS::Partition"}', '"aws"')
      .replaceAll('{"Ref":"AWS::Region"}', '"sa-east-1"')
      .replaceAll('{"Ref":"AWS::AccountId"}', '"999988887777"'),
    (key, value) => (key === '' || !value?.['Fn::Join'] ? value : value['Fn::Join'][1].join('')),
  ) as Statement[];
const embeddingStatements = (synthesized: Synthesized, contractId: string) =>
  resolved(roleStatements(synthesized.stacks, contractId)).filter((s) =>
    actionsOf(s).some((a) => a.startsWith('quicksight:') || a.startsWith('ssm:')),
  );
const csp = (synthesized: Synthesized) => {
  const policies = Template.fromStack(synthesized.stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy');
  const [policy] = Object.values(policies);
  return JSON.stringify(
    policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
  );
};

describe('without embedding context', () => {
  let none: Synthesized;
  beforeAll(() => {
    none = synth({});
  });

  it('sets no QuickSight or Power BI variable and grants no QuickSight or SSM action (the viewer says "not configured")', () => {
    for (const contract of SAMPLE) {
      expect(embeddingVariables(variablesOf(none, contract.id)), contract.id).toEqual([]);
      expect(embeddingStatements(none, contract.id), contract.id).toEqual([]);
    }
  });

  it('frames no QuickSight origin', () => {
    expect(csp(none)).toContain('frame-src https://app.powerbi.com ');
    expect(csp(none)).not.toContain('quicksight');
  });
});

describe('with QuickSight (anonymous) and a Power BI service principal', () => {
  let both: Synthesized;
  beforeAll(() => {
    both = synth({ ...QUICKSIGHT, ...POWER_BI });
  });

  it('gives getReport, and only getReport, the settings functions/lib/embedding/config.ts reads', () => {
    expect(variablesOf(both, 'getReport')).toMatchObject({
      QUICKSIGHT_ACCOUNT_ID: '111122223333',
      QUICKSIGHT_REGION: 'us-east-1',
      QUICKSIGHT_NAMESPACE: 'clientes',
      POWERBI_MODE: 'SERVICE_PRINCIPAL',
      POWERBI_TENANT_ID: POWER_BI.powerbiTenantId,
      POWERBI_CLIENT_ID: POWER_BI.powerbiClientId,
      POWERBI_SECRET_PARAMETER: '/portal/powerbi/secret',
      POWERBI_FILTER_TABLE: 'Portal',
    });
    for (const id of OTHERS) expect(embeddingVariables(variablesOf(both, id)), id).toEqual([]);
  });

  it('grants getReport exactly the anonymous embed on the namespace and dashboards, and the secret parameter', () => {
    expect(embeddingStatements(both, 'getReport')).toEqual([
      {
        Sid: 'QuickSightEmbed',
        Effect: 'Allow',
        Action: 'quicksight:GenerateEmbedUrlForAnonymousUser',
        Resource: [
          'arn:aws:quicksight:us-east-1:111122223333:namespace/clientes',
          'arn:aws:quicksight:us-east-1:111122223333:dashboard/*',
        ],
      },
      {
        Sid: 'PowerBiSecret',
        Effect: 'Allow',
        Action: 'ssm:GetParameter',
        Resource: 'arn:aws:ssm:sa-east-1:999988887777:parameter/portal/powerbi/secret',
      },
    ]);
    for (const id of OTHERS) expect(embeddingStatements(both, id), id).toEqual([]);
  });

  it("frames the QuickSight region's embedding origin next to Power BI", () => {
    expect(csp(both)).toContain('frame-src https://us-east-1.quicksight.aws.amazon.com https://app.powerbi.com ');
    expect(csp(both)).not.toContain('*.quicksight');
  });

  it('keeps cdk-nag clean (the dashboard wildcard is acknowledged with its reason)', () => {
    expect(unacknowledgedViolations(both.outdir)).toEqual([]);
  });
});

describe('with a dashboard id prefix: the IAM grant and the registry name the same dashboards', () => {
  let prefixed: Synthesized;
  beforeAll(() => {
    prefixed = synth({ ...QUICKSIGHT, quicksightDashboardPrefix: 'portal-', powerbiMode: 'URL' });
  });

  it("grants getReport the anonymous embed on the namespace and the prefix's dashboards only, and no SSM", () => {
    expect(embeddingStatements(prefixed, 'getReport')).toEqual([
      {
        Sid: 'QuickSightEmbed',
        Effect: 'Allow',
        Action: 'quicksight:GenerateEmbedUrlForAnonymousUser',
        Resource: [
          'arn:aws:quicksight:us-east-1:111122223333:namespace/clientes',
          'arn:aws:quicksight:us-east-1:111122223333:dashboard/portal-*',
        ],
      },
    ]);
    expect(Object.keys(variablesOf(prefixed, 'getReport'))).not.toContain('POWERBI_SECRET_PARAMETER');
    expect(unacknowledgedViolations(prefixed.outdir)).toEqual([]);
  });

  it('the viewer and the registry writer read the same prefix the grant names; nothing else gets it or any access', () => {
    const granted = embeddingStatements(prefixed, 'getReport')
      .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]))
      .flatMap((arn) => /:dashboard\/(.*)\*$/.exec(String(arn))?.[1] ?? []);
    expect(granted).toEqual(['portal-']);
    expect(variablesOf(prefixed, 'getReport')).toMatchObject({ QUICKSIGHT_DASHBOARD_PREFIX: 'portal-' });
    expect(variablesOf(prefixed, 'createRegistryEntry')).toMatchObject({ QUICKSIGHT_DASHBOARD_PREFIX: 'portal-' });
    expect(embeddingVariables(variablesOf(prefixed, 'createRegistryEntry'))).toEqual(['QUICKSIGHT_DASHBOARD_PREFIX']);
    expect(embeddingStatements(prefixed, 'createRegistryEntry')).toEqual([]);
    for (const id of OTHERS.filter((c) => c !== 'createRegistryEntry')) {
      expect(embeddingVariables(variablesOf(prefixed, id)), id).toEqual([]);
    }
  });

  it('refuses registered-user embedding at synth: no firm, and no deployment, names a QuickSight user', () => {
    expect(() => synth({ ...QUICKSIGHT, quicksightMode: 'REGISTERED' })).toThrow(/ANONYMOUS/);
  });
});
