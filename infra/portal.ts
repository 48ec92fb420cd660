import { Annotations, type App, CfnOutput, Duration, type Environment, Stack, Validations } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Contract } from '../shared/contracts/define';
import { chunkContracts } from './api-chunks';
import { AccountingImportJob } from './constructs/accounting-import-job';
import { Backups, readBackupSettings } from './constructs/backups';
import { DigestSchedule } from './constructs/digest-schedule';
import { HealthProbe } from './constructs/health-probe';
import { IndicatorsSchedule, readIndicatorsSettings } from './constructs/indicators-schedule';
import { MailQueueWorker } from './constructs/mail-queue';
import { MessageNoticeSchedule } from './constructs/message-notice-schedule';
import { Monitoring } from './constructs/monitoring';
import { RecurringRequestsSchedule, RequestRemindersSchedule } from './constructs/request-jobs';
import { PORTAL_METRICS_NAMESPACE, SES_EVENTS_METRIC, SesEventsHandler } from './constructs/ses-events';
import { SweeperSchedule } from './constructs/sweeper-schedule';
import { WEB_DIST } from './paths';
import type { Permissions } from './permissions';
import { type PortalSettings, readSettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { FirewallStack } from './stacks/firewall-stack';
import { HttpApiStack } from './stacks/http-api-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { WebStack } from './stacks/web-stack';

export interface PortalOptions {
  /** The contract table (shared/contracts `contracts`); tests pass synthetic ones. */
  contracts: readonly Contract[];
  /** Defaults to the app's context (readSettings). */
  settings?: PortalSettings;
  /** The built SPA folder; defaults to web/dist. */
  webDist?: string;
  /** What each contract's function may do (infra/permissions.ts by default); tests pass synthetic ones. */
  permissions?: Readonly<Record<string, Permissions>>;
  /** Run cdk-nag's AwsSolutions pack at synth (default true). */
  nag?: boolean;
}

export interface PortalStacks {
  stateful: StatefulStack;
  httpApi: HttpApiStack;
  apis: ApiStack[];
  web: WebStack;
  /** Jobs (the daily indicators refresh; large ledger imports). */
  jobs: Stack;
  /** Alarms, their topic and the dashboard. */
  monitoring: Stack;
  /** The web ACL in us-east-1, when the portal is deployed elsewhere without `-c webAclArn`. */
  firewall?: FirewallStack;
  all: Array<StatefulStack | HttpApiStack | ApiStack | WebStack | Stack>;
}

/**
 * The whole portal: a stateful stack (table, buckets, user pool, SES), the HTTP API, one API stack per chunk of
 * contracts (api-chunks.ts), and the web stack (CloudFront). cdk-nag's AwsSolutions checks run at synth and fail it
 * on any finding that is not acknowledged with a reason.
 */
export function buildPortal(app: App, options: PortalOptions): PortalStacks {
  const settings = options.settings ?? readSettings(app.node);
  const env: Environment | undefined =
    settings.account || settings.region ? { account: settings.account, region: settings.region } : undefined;
  const p = settings.prefix;

  const stateful = new StatefulStack(app, `${p}Data`, {
    env,
    description: 'Portal: table, buckets, user pool, SES identity',
    senderEmail: settings.senderEmail,
    microsoftClientId: settings.microsoftClientId,
    portalUrl: settings.portalUrl,
  });
  const httpApi = new HttpApiStack(app, `${p}HttpApi`, { env, description: 'Portal: HTTP API and stage' });
  const web = new WebStack(app, `${p}Web`, {
    env,
    description: 'Portal: CloudFront, SPA bucket',
    apiHost: httpApi.gateway.endpointHost,
    originSecret: httpApi.gateway.originSecret,
    presignedBuckets: [stateful.storage.documentsBucket, stateful.storage.assetsBucket],
    domainName: settings.domainName,
    certificateArn: settings.certificateArn,
    webAclArn: settings.webAclArn,
    quickSightRegion: settings.embedding.quickSight?.region,
    webDist: options.webDist ?? WEB_DIST,
  });

  const apis = chunkContracts(options.contracts).map(
    (chunk) =>
      new ApiStack(app, `${p}Api${chunk.name}`, {
        env,
        description: `Portal: API routes and functions of area ${chunk.area} (${chunk.contracts.length})`,
        httpApi: httpApi.gateway.httpApi,
        backend: stateful.backend,
        contracts: chunk.contracts,
        originSecret: httpApi.gateway.originSecret,
        permissions: options.permissions,
        embedding: settings.embedding,
        chatbotModelId: settings.chatbotModelId,
        contactEmail: settings.contactEmail,
        listIndexesOff: settings.listIndexesOff,
        // Firms' domains are provisioned by the API on the web stack's multi-tenant distribution.
        edge: web.web.edge,
      }),
  );
  // Outside us-east-1 the web stack refuses to deploy without a web ACL from there (web-acl.ts): this stack makes one.
  const firewall =
    settings.region && settings.region !== 'us-east-1' && !settings.webAclArn
      ? new FirewallStack(app, `${p}Firewall`, {
          env: { account: settings.account, region: 'us-east-1' },
          description:
            'Portal: the WAF web ACL for CloudFront (us-east-1), its logs and alarm; pass its WebAclArn as -c webAclArn',
          alarmEmail: settings.alarmEmail,
        })
      : undefined;

  const jobs = new Stack(app, `${p}Jobs`, {
    env,
    description:
      'Portal: jobs (indicators refresh, large ledger imports, invitation mail queue, garbage sweeper, document digest, message notice, request schedules and reminders)',
  });
  const indicators = new IndicatorsSchedule(jobs, 'Indicators', {
    backend: stateful.backend,
    settings: readIndicatorsSettings(app.node),
  });
  // The operator runs the job once after the first deploy (docs/deploy.md) rather than waiting for its evening run.
  new CfnOutput(jobs, 'IndicatorsFunctionName', { value: indicators.function.functionName });
  // Large ledger imports, started by the EventBridge event of their upload to the documents bucket.
  const ledgerImport = new AccountingImportJob(jobs, 'AccountingImport', { backend: stateful.backend });
  // The invitation mails of CSV imports, sent from their queue at the configured share of the SES rate.
  new MailQueueWorker(jobs, 'MailQueue', { backend: stateful.backend, rate: settings.mailQueueRate });
  // The hourly sweep of what interrupted multi-step writes left behind (docs/decisions/multi-step-writes.md).
  const sweeper = new SweeperSchedule(jobs, 'Sweeper', { backend: stateful.backend });
  // The daily mail of new documents to each client (functions/documents/document-digest.ts).
  const digest = new DigestSchedule(jobs, 'DocumentDigest', {
    backend: stateful.backend,
    sendRate: settings.mailQueueRate,
  });
  // The hourly mail of unread messages to each participant of a conversation (functions/messages/message-notice.ts).
  const messageNotice = new MessageNoticeSchedule(jobs, 'MessageNotice', {
    backend: stateful.backend,
    sendRate: settings.mailQueueRate,
  });
  // Document requests: each recurring schedule's period made on its day, and the reminders of open requests.
  const recurringRequests = new RecurringRequestsSchedule(jobs, 'RecurringRequests', { backend: stateful.backend });
  const requestReminders = new RequestRemindersSchedule(jobs, 'RequestReminders', {
    backend: stateful.backend,
    sendRate: settings.mailQueueRate,
  });
  // SES's bounces, complaints, rejects, delays and deliveries (functions/external/ses-events.ts).
  const sesEvents = new SesEventsHandler(jobs, 'SesEvents', {
    backend: stateful.backend,
    events: stateful.email.events,
  });
  // The health check, through the portal's own domain when it has one (its certificate is probed too).
  const healthProbe = new HealthProbe(jobs, 'HealthProbe', {
    url: `${settings.portalUrlIsPlaceholder ? `https://${web.web.distribution.distributionDomainName}` : settings.portalUrl}/api/v1/health/`,
  });
  // Copies of the table and the documents beyond point-in-time recovery's 35 days (docs/operations.md, "Backups").
  new Backups(stateful, 'Backups', {
    table: stateful.data.table,
    documentsBucket: stateful.storage.documentsBucket,
    settings: readBackupSettings(app.node),
  });

  const monitoring = new Stack(app, `${p}Monitoring`, {
    env,
    description: 'Portal: alarms, their SNS topic and the dashboard (docs/operations.md)',
  });
  new Monitoring(monitoring, 'Monitoring', {
    httpApi: httpApi.gateway.httpApi,
    table: stateful.data.table,
    deadLetters: {
      MailQueue: stateful.mailQueue.deadLetters,
      Indicators: indicators.deadLetters,
      LedgerImport: ledgerImport.deadLetters,
      Sweeper: sweeper.deadLetters,
      DocumentDigest: digest.deadLetters,
      MessageNotice: messageNotice.deadLetters,
      RecurringRequests: recurringRequests.deadLetters,
      RequestReminders: requestReminders.deadLetters,
      SesEvents: sesEvents.deadLetters,
    },
    jobs: { Indicators: indicators.function, LedgerImport: ledgerImport.function },
    alarmEmail: settings.alarmEmail,
    lambdaConcurrencyLimit: settings.lambdaConcurrencyLimit,
    // An alarm watches metrics of its own region only: a web ACL made outside us-east-1 never deploys (web-acl.ts).
    webAcl: !settings.region || settings.region === 'us-east-1' ? web.web.webAcl : undefined,
    healthCheckFailures: healthProbe.failures,
    indicatorsStaleness: indicators.staleness,
    sesEvents: (kind) =>
      new Metric({
        namespace: PORTAL_METRICS_NAMESPACE,
        metricName: SES_EVENTS_METRIC,
        dimensionsMap: { Kind: kind },
        statistic: 'Sum',
        period: Duration.hours(1),
        label: kind,
      }),
  });

  if (settings.portalUrlIsPlaceholder) {
    Annotations.of(stateful).addWarningV2(
      'portal:placeholder-portal-url',
      `PORTAL_URL uses the placeholder ${settings.portalUrl}: pass -c domainName=... (with certificateArn) or -c portalUrl=https://<distribution domain> (docs/deploy.md).`,
    );
  }
  if (!settings.senderEmail) {
    Annotations.of(stateful).addWarningV2(
      'portal:no-sender',
      'No -c senderEmail=...: no SES identity is created and the functions send no mail (invitations stay unsent, to resend). Give an address at a domain you control (docs/deploy.md, "Mail").',
    );
  }
  if (!web.web.deployed) {
    Annotations.of(web).addWarningV2(
      'portal:no-spa-build',
      `No SPA build at ${options.webDist ?? WEB_DIST}: this deploys an empty site. Run npm run build:web first.`,
    );
  }

  if (options.nag !== false) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return {
    stateful,
    httpApi,
    apis,
    web,
    jobs,
    monitoring,
    firewall,
    all: [stateful, httpApi, ...apis, web, jobs, monitoring, ...(firewall ? [firewall] : [])],
  };
}
