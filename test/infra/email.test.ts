import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_IDENTITY_TAG_KEY } from '../../functions/lib/mail-identity-tag';
import { PERMISSIONS, type Permissions } from '../../infra/permissions';
import {
  actionsOf,
  contractById,
  roleStatements,
  type Synthesized,
  synthPortal,
  synthSample,
  variablesOf,
} from './helpers';

/**
 * The deployment's sender is an SES domain identity with Easy DKIM, whose DNS records are stack outputs; without a
 * sender there is no identity, a synth warning, and no MAIL_FROM (the functions send nothing); never example.com.
 */
const SAMPLE = ['generateInvitation', 'postContactEmail', 'patchProject', 'getProject'].map(contractById);

const allTemplates = (synthesized: Synthesized) =>
  synthesized.stacks.all.map((stack) => JSON.stringify(Template.fromStack(stack).toJSON()));

describe('without senderEmail', () => {
  let none: Synthesized;
  beforeAll(() => {
    none = synthSample(SAMPLE, {});
  });

  it('creates no identity, warns at synth and tells the functions nothing about a sender', () => {
    Template.fromStack(none.stacks.stateful).resourceCountIs('AWS::SES::EmailIdentity', 0);
    Template.fromStack(none.stacks.stateful).resourceCountIs('AWS::SES::ConfigurationSet', 1);
    const warnings = Annotations.fromStack(none.stacks.stateful).findWarning(
      '*',
      Match.stringLikeRegexp('senderEmail'),
    );
    expect(warnings.map((w) => w.entry.data)).toEqual([expect.stringContaining('send no mail')]);
    for (const { id } of SAMPLE) expect(variablesOf(none, id), id).not.toHaveProperty('MAIL_FROM');
    // Nor the jobs that mail (the invitation queue's worker, the digest).
    expect(JSON.stringify(Template.fromStack(none.stacks.jobs).toJSON())).not.toContain('MAIL_FROM');
    expect(Template.fromStack(none.stacks.stateful).findOutputs('MailFrom')).toEqual({});
  });

  it('writes example.com nowhere', () => {
    for (const template of allTemplates(none)) expect(template).not.toMatch(/example\.com/i);
  });
});

describe('with senderEmail', () => {
  let withSender: Synthesized;
  beforeAll(() => {
    withSender = synthSample(SAMPLE, { senderEmail: 'no-reply@estudio.cl' });
  });

  it("verifies the sender's domain with Easy DKIM and a MAIL FROM subdomain, in the configuration set", () => {
    const template = Template.fromStack(withSender.stacks.stateful);
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'estudio.cl',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
      MailFromAttributes: { MailFromDomain: 'bounce.estudio.cl', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
    });
    // Easy DKIM: no BYODKIM key, signing not turned off.
    const [identity] = Object.values(template.findResources('AWS::SES::EmailIdentity'));
    expect(identity?.Properties.DkimSigningAttributes).toBeUndefined();
    expect(identity?.Properties.DkimAttributes?.SigningEnabled).not.toBe(false);
    for (const { id } of SAMPLE)
      expect(variablesOf(withSender, id), id).toMatchObject({ MAIL_FROM: 'no-reply@estudio.cl' });
  });

  it('outputs the three DKIM CNAMEs, the MAIL FROM MX and SPF and a DMARC record for the operator to copy', () => {
    const template = Template.fromStack(withSender.stacks.stateful);
    const outputs = Object.entries(template.findOutputs('*'));
    const value = (name: string) => {
      const found = outputs.filter(([id]) => id.includes(name));
      expect(found, name).toHaveLength(1);
      return JSON.stringify(found[0]?.[1].Value);
    };
    for (const n of [1, 2, 3]) {
      expect(value(`MailDkim${n}`)).toContain(`DkimDNSTokenName${n}`);
      expect(value(`MailDkim${n}`)).toContain(`DkimDNSTokenValue${n}`);
      expect(value(`MailDkim${n}`)).toContain('CNAME');
    }
    expect(value('MailFromMx')).toMatch(/bounce\.estudio\.cl.*MX.*10 feedback-smtp\..*amazonses\.com/);
    expect(value('MailFromSpf')).toContain('bounce.estudio.cl TXT \\"v=spf1 include:amazonses.com ~all\\"');
    expect(value('MailDmarc')).toContain('_dmarc.estudio.cl TXT');
    expect(JSON.stringify(template.findOutputs('MailFrom'))).toContain('no-reply@estudio.cl');
  });

  it('lets the mail functions send from identities of this account and region, and nothing else of SES', () => {
    for (const id of ['generateInvitation', 'postContactEmail']) {
      const ses = roleStatements(withSender.stacks, id).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
      expect(ses.flatMap(actionsOf), id).toEqual(['ses:SendEmail']);
      expect(JSON.stringify(ses), id).toMatch(/:ses:.*:identity\/\*/);
    }
    // A project function that does not declare the firm's mail domain has no SES access at all.
    const projectSes = roleStatements(withSender.stacks, 'getProject').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('ses:')),
    );
    expect(projectSes).toEqual([]);
  });
});

describe("the firms' mail domains", () => {
  let managed: Synthesized;
  beforeAll(() => {
    managed = synthPortal({
      contracts: SAMPLE,
      skipBundling: true,
      builtinValidation: false,
      context: { account: '999988887777', region: 'sa-east-1', senderEmail: 'no-reply@estudio.cl' },
      permissions: {
        ...PERMISSIONS,
        patchProject: { ...(PERMISSIONS.patchProject as Permissions), mailIdentities: true },
      },
    });
  });

  it('are created only with the deployment tag, deleted only when tagged, read by name; by the declaring function', () => {
    const ses = roleStatements(managed.stacks, 'patchProject').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('ses:')),
    );
    const bySid = Object.fromEntries(ses.map((s) => [s.Sid, s]));
    expect(Object.keys(bySid).sort()).toEqual(['MailIdentityCreate', 'MailIdentityDelete', 'MailIdentityRead']);
    const tag = managed.stacks.stateful.stackName;
    expect(actionsOf(bySid.MailIdentityCreate as never).sort()).toEqual(['ses:CreateEmailIdentity', 'ses:TagResource']);
    expect(bySid.MailIdentityCreate?.Condition).toEqual({
      StringEquals: { [`aws:RequestTag/${MAIL_IDENTITY_TAG_KEY}`]: tag },
    });
    expect(actionsOf(bySid.MailIdentityDelete as never)).toEqual(['ses:DeleteEmailIdentity']);
    expect(bySid.MailIdentityDelete?.Condition).toEqual({
      StringEquals: { [`aws:ResourceTag/${MAIL_IDENTITY_TAG_KEY}`]: tag },
    });
    expect(actionsOf(bySid.MailIdentityRead as never)).toEqual(['ses:GetEmailIdentity']);
    expect(variablesOf(managed, 'patchProject')).toMatchObject({
      MAIL_IDENTITY_TAG: tag,
      MAIL_CONFIGURATION_SET: expect.anything(),
    });
    for (const id of ['generateInvitation', 'postContactEmail']) {
      const actions = roleStatements(managed.stacks, id).flatMap(actionsOf);
      expect(
        actions.filter((a) => /EmailIdentity|TagResource/.test(a)),
        id,
      ).toEqual([]);
      expect(variablesOf(managed, id), id).not.toHaveProperty('MAIL_IDENTITY_TAG');
    }
  });
});
