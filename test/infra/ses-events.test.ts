import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SES_EVENTS_PERMISSIONS } from '../../infra/permissions';
import { commandsByHandler, MAIL_COMMANDS, TABLE_WRITE_COMMANDS } from './handler-calls';
import { contractById, type Synthesized, synthSample, unacknowledgedViolations } from './helpers';

/**
 * SES's events flow: the configuration set publishes bounces, complaints, rejects, delays, rendering failures and
 * deliveries to an SNS topic encrypted with a key SES may use, to which the events handler is subscribed; the handler's
 * role writes only the suppression list, its failures are kept in a dead-letter queue, and its log lines are counted.
 */
let synthesized: Synthesized;
let stateful: Template;
let jobs: Template;
type Resource = { Type: string; Properties: Record<string, unknown> };

beforeAll(() => {
  synthesized = synthSample([contractById('getUserInfo')], { senderEmail: 'no-reply@estudio-rojas.cl' });
  stateful = Template.fromStack(synthesized.stacks.stateful);
  jobs = Template.fromStack(synthesized.stacks.jobs);
});

const only = (template: Template, type: string) => {
  const found = Object.entries(template.findResources(type));
  expect(found, type).toHaveLength(1);
  return found[0] as [string, Resource];
};

describe('SES event destination', () => {
  it('publishes what went wrong, and deliveries, to an encrypted topic SES may write to', () => {
    const [topicId, topic] = only(stateful, 'AWS::SNS::Topic');
    const [, destination] = only(stateful, 'AWS::SES::ConfigurationSetEventDestination');
    const config = destination.Properties.EventDestination as Record<string, unknown>;
    expect(config.Enabled).toBe(true);
    expect([...(config.MatchingEventTypes as string[])].sort()).toEqual(
      ['bounce', 'complaint', 'delivery', 'deliveryDelay', 'reject', 'renderingFailure'].sort(),
    );
    expect(config.SnsDestination).toEqual({ TopicARN: { Ref: topicId } });
    // Encrypted with a key of its own whose policy lets SES encrypt; SES may publish only from this account's set.
    const keyId = (topic.Properties.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const key = stateful.toJSON().Resources[keyId] as Resource;
    expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('"Service":"ses.amazonaws.com"');
    stateful.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'sns:Publish',
            Principal: { Service: 'ses.amazonaws.com' },
            Condition: Match.objectLike({ StringEquals: Match.objectLike({ 'AWS:SourceArn': Match.anyValue() }) }),
          }),
        ]),
      }),
    });
  });

  it('is subscribed by the events handler, whose failures and undelivered messages wait in a dead-letter queue', () => {
    const functions = jobs.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^SES events') },
    });
    const [fnId] = Object.keys(functions);
    expect(fnId).toBeDefined();
    const [, subscription] = only(jobs, 'AWS::SNS::Subscription');
    expect(subscription.Properties).toMatchObject({ Protocol: 'lambda', Endpoint: { 'Fn::GetAtt': [fnId, 'Arn'] } });
    const dlqOf = (arn: unknown) => (arn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const redrive = subscription.Properties.RedrivePolicy as { deadLetterTargetArn: unknown };
    const invoke = Object.values(jobs.findResources('AWS::Lambda::EventInvokeConfig')).find(
      (c) => c.Properties.FunctionName.Ref === fnId,
    );
    const onFailure = invoke?.Properties.DestinationConfig.OnFailure.Destination;
    expect(dlqOf(onFailure)).toBe(dlqOf(redrive.deadLetterTargetArn));
    expect((jobs.toJSON().Resources[dlqOf(onFailure)] as Resource).Type).toBe('AWS::SQS::Queue');
  });

  it("lets the handler's role write only the suppression list, and its bundle sends only that write", async () => {
    const roles = Object.values(
      jobs.findResources('AWS::IAM::Role', {
        Properties: { Description: Match.stringLikeRegexp('SES events handler') },
      }),
    );
    expect(roles).toHaveLength(1);
    type Statement = { Sid: string; Action: string | string[]; Condition?: unknown };
    const statements = (
      (roles[0]?.Properties.Policies ?? []) as Array<{ PolicyDocument: { Statement: Statement[] } }>
    ).flatMap((p) => p.PolicyDocument.Statement);
    const writes = statements.filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('dynamodb:') && a !== 'dynamodb:GetItem'),
    );
    expect(writes.map((s) => [s.Action, s.Condition])).toEqual([
      ['dynamodb:PutItem', { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SUPPRESSED#*'] } }],
    ]);
    expect(JSON.stringify(statements)).not.toMatch(/ses:|s3:|cognito/);
    const sent = [...((await commandsByHandler(['external/ses-events'])).get('external/ses-events') ?? [])];
    // The document client's PutCommand (the suppression item), and no other write.
    expect(sent.filter((c) => TABLE_WRITE_COMMANDS.includes(c))).toEqual(['Put']);
    expect(sent.some((c) => MAIL_COMMANDS.includes(c))).toBe(false);
    expect(SES_EVENTS_PERMISSIONS.table.write).toEqual({ 'SUPPRESSED#': ['PutItem'] });
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(synthesized.outdir)).toEqual([]);
  });
});
