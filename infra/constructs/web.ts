import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, CfnCondition, CfnOutput, Duration, Fn, Stack, Token, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  CfnConnectionGroup,
  type CfnDistribution,
  Function as CloudFrontFunction,
  Distribution,
  type DistributionProps,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { type Policy, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PORTAL_ORIGIN_HEADER, VIEWER_IP_HEADER } from '../../functions/lib/http/client-ip';
import { PORTAL_RESPONSE_HEADERS } from '../../shared/response-headers';
import { wildcardResourceFindings } from '../nag';
import { ORIGIN_VERIFY_HEADER } from './api';
import { accessLogsBucket, privateBucketProps } from './buckets';
import { PortalWebAcl } from './web-acl';

export interface WebProps {
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`), the origin of /api/*. */
  apiHost: string;
  /** Buckets the browser reaches through presigned URLs (CSP connect-src, img-src). */
  presignedBuckets: IBucket[];
  /** Custom domain and its ACM certificate (us-east-1); without them the CloudFront domain serves the portal. */
  domainName?: string;
  certificateArn?: string;
  /** ARN of an existing WAF web ACL (scope CLOUDFRONT, us-east-1); without it the stack makes one (web-acl.ts). */
  webAclArn?: string;
  /** Region of the configured QuickSight account; without it no QuickSight origin may be framed. */
  quickSightRegion?: string;
  /** The value CloudFront sends to the API in ORIGIN_VERIFY_HEADER (the functions refuse requests without it). */
  originSecret: ISecret;
  /** The built SPA; deployed only when the folder exists at synth time. */
  webDist: string;
}

/**
 * Rewrites every path without a file extension to /index.html, so the SPA's client-side routes load on a refresh
 * or a deep link. It runs on the default (S3) behaviour only: /api/* answers, 403s and 404s included, pass untouched,
 * which an error-response mapping on the distribution could not guarantee.
 */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Strips the trailing slash of /api/* paths before they reach the HTTP API. The spec's paths end in "/"
 * (`/api/v1/token/`) but HTTP API route keys cannot (infra/routes.ts), so the request is made to match its route
 * exactly instead of relying on how API Gateway treats a trailing slash. Query strings are untouched (CloudFront
 * keeps them apart from `uri`).
 *
 * It also tells the API, in headers it sets over whatever the viewer sent under those names, the viewer's
 * address (per-address throttles) and the portal the request came through (`https://` + the Host the viewer reached:
 * sessions are bound to it). The origin request policy forwards every viewer header but Host, these included; the
 * names are functions/lib/http/client-ip.ts VIEWER_IP_HEADER and PORTAL_ORIGIN_HEADER.
 */
export const API_PATH_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  while (uri.length > 1 && uri.charAt(uri.length - 1) === '/') {
    uri = uri.substring(0, uri.length - 1);
  }
  request.uri = uri;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  var host = request.headers.host ? request.headers.host.value : '';
  request.headers['${PORTAL_ORIGIN_HEADER}'] = { value: host ? 'https://' + host : '' };
  return request;
}`;

/**
 * Content-Security-Policy of the portal: own origin, presigned S3 hosts, the BI embeds; no framing by others.
 * QuickSight's embedding origin (`https://<region>.quicksight.aws.amazon.com`) only when QuickSight is configured.
 */
export function contentSecurityPolicy(bucketHosts: string[], quickSightRegion?: string): string {
  const s3 = bucketHosts.map((host) => `https://${host}`).join(' ');
  const quickSight = quickSightRegion ? `https://${quickSightRegion}.quicksight.aws.amazon.com ` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Amplify UI's ThemeProvider injects a <style> element with the tenant's theme variables.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${s3}`,
    "font-src 'self' data:",
    `connect-src 'self' ${s3}`,
    // Report viewer: QuickSight dashboards and Power BI reports (embed URL or powerbi-client).
    `frame-src ${quickSight}https://app.powerbi.com ${s3}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * The fields of CloudFront's access logs (standard logging v2): who asked which firm's host what, and how it went. Left
 * out: the URI (the SPA's paths carry link tokens, `/register/<token>`) and its query string (`?token=`), the
 * Referer (which repeats both), cookies. `x-edge-request-id` is the id CloudFront answers in `x-amz-cf-id`.
 */
export const CLOUDFRONT_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'c-ip',
  'cs-method',
  'x-host-header',
  'sc-status',
  'sc-bytes',
  'cs-bytes',
  'time-taken',
  'time-to-first-byte',
  'x-edge-result-type',
  'x-edge-response-result-type',
  'x-edge-detailed-result-type',
  'x-edge-request-id',
  'cs-protocol',
  'cs-protocol-version',
  'ssl-protocol',
  'sc-content-type',
  'cs(User-Agent)',
] as const;

/** How long CloudFront's access logs are kept. */
export const CLOUDFRONT_LOG_DAYS = 90;
/** Their prefix in the web stack's log bucket. */
export const CLOUDFRONT_LOG_PREFIX = 'cloudfront';

/** The multi-tenant distribution the firms' own domains reach (one distribution tenant per firm, made by the API). */
export interface EdgeTenancy {
  distributionId: string;
  distributionArn: string;
  connectionGroupId: string;
  connectionGroupArn: string;
  /** The connection group's `d….cloudfront.net`: the CNAME target of every firm's domain. */
  routingEndpoint: string;
}

/**
 * The SPA bucket (private) behind CloudFront with Origin Access Control, /api/* routed to the HTTP API (no caching,
 * every viewer header but Host forwarded, Origin included, all methods, plus the origin-verify header), security
 * headers on every answer (CSP, HSTS, nosniff, no framing, Cross-Origin-Opener-Policy), a WAF web ACL.
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** Serves the firms' own domains: same origins, behaviours, headers and firewall as `distribution`. */
  readonly tenantDistribution: Distribution;
  readonly edge: EdgeTenancy;
  readonly deployed: boolean;
  /** The web ACL this stack made (none when `-c webAclArn` names one made elsewhere). */
  readonly webAcl?: PortalWebAcl;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const logs = accessLogsBucket(this, 'AccessLogs');
    this.bucket = new Bucket(this, 'Site', {
      ...privateBucketProps(),
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Portal security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(
            props.presignedBuckets.map((b) => b.bucketRegionalDomainName),
            props.quickSightRegion,
          ),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      // A window of its own (shared/response-headers.ts): a page opened from the portal cannot reach it through
      // window.opener. Embedded reports are frames, which the policy leaves alone; the portal opens no popup it talks to.
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Cross-Origin-Opener-Policy',
            value: PORTAL_RESPONSE_HEADERS['Cross-Origin-Opener-Policy'],
            override: true,
          },
        ],
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
      comment: 'Rewrites SPA routes (paths without a file extension) to /index.html',
    });

    const apiPath = new CloudFrontFunction(this, 'ApiPath', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(API_PATH_FUNCTION),
      comment: 'Strips the trailing slash of /api/* paths (HTTP API route keys have none)',
    });

    const customDomain = props.domainName && props.certificateArn;
    this.webAcl = props.webAclArn ? undefined : new PortalWebAcl(this, 'Firewall');
    const webAclArn = props.webAclArn ?? (this.webAcl as PortalWebAcl).arn;
    // One origin access control for the site bucket, whichever distribution asks.
    const siteAccess = new S3OriginAccessControl(this, 'SiteAccess', { description: 'Portal SPA bucket' });
    // What both distributions serve, built once per distribution.
    const shared = (): DistributionProps => ({
      comment: 'Portal: SPA and /api',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Chile is served from South American edge locations, which only the "All" price class includes.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      webAclId: webAclArn,
      // No legacy standard logging: its lines always carry the query string (cs-uri-query), where download and e-mail
      // links carry tokens (?token=). Standard logging v2 (accessLogs below) logs the fields chosen.
      enableLogging: false,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, { originAccessControl: siteAccess }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiHost, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Replaces any viewer header of that name; resolved at deployment, never written in the template.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
          functionAssociations: [{ function: apiPath, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    // The portal's own domain (the SUPER_ADMIN, and firms without a domain of their own).
    this.distribution = new Distribution(this, 'Distribution', {
      ...shared(),
      ...(customDomain
        ? {
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            domainNames: [props.domainName as string],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn as string),
          }
        : {}),
    });
    this.tenantDistribution = this.multiTenantDistribution(shared());
    const group = new CfnConnectionGroup(this, 'FirmDomains', {
      name: `${Stack.of(this).stackName}-firms`,
      enabled: true,
      ipv6Enabled: true,
    });
    this.edge = {
      distributionId: this.tenantDistribution.distributionId,
      distributionArn: this.tenantDistribution.distributionArn,
      connectionGroupId: group.attrId,
      connectionGroupArn: group.attrArn,
      routingEndpoint: group.attrRoutingEndpoint,
    };

    for (const distribution of [this.distribution, this.tenantDistribution]) this.acknowledgeDistribution(distribution);
    this.accessLogs(logs, { Site: this.distribution, Firms: this.tenantDistribution });
    if (!customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum ' +
          'protocol CloudFront fixes at TLSv1; with -c domainName/-c certificateArn it is TLSv1.2_2021.',
      });
    }

    this.deployed = existsSync(props.webDist);
    if (this.deployed) this.deploySite(props.webDist);

    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'FirmDomainsRoutingEndpoint', { value: this.edge.routingEndpoint });
  }

  /**
   * CloudFront SaaS Manager's template: `tenant-only`, reachable only through its tenants (one per firm, each with its
   * domain and a certificate CloudFront manages) and the connection group. aws-cdk-lib's Distribution has no connection
   * mode (aws-cdk#34297), so its CloudFormation resource is completed here; what a multi-tenant distribution refuses
   * (IPv6 and price class settings, which CloudFront fixes for it) is removed.
   */
  private multiTenantDistribution(props: DistributionProps): Distribution {
    const distribution = new Distribution(this, 'FirmsDistribution', {
      ...props,
      comment: "Portal: SPA and /api on the firms' own domains",
    });
    const cfn = distribution.node.defaultChild as CfnDistribution;
    cfn.addPropertyOverride('DistributionConfig.ConnectionMode', 'tenant-only');
    cfn.addPropertyDeletionOverride('DistributionConfig.IPV6Enabled');
    cfn.addPropertyDeletionOverride('DistributionConfig.PriceClass');
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        "A multi-tenant distribution has no certificate of its own: each firm's tenant has a certificate CloudFront " +
        'requests and manages for its domain (functions/lib/edge/cloudfront.ts).',
    });
    return distribution;
  }

  /**
   * CloudFront standard logging v2 into the log bucket (S3-managed encryption, TLS only), the fields of
   * CLOUDFRONT_LOG_FIELDS, kept CLOUDFRONT_LOG_DAYS. CloudFront's delivery sources exist only in us-east-1: elsewhere the
   * resources are skipped by a condition and the synth warns (docs/operations.md, "Edge logs").
   */
  private accessLogs(bucket: Bucket, distributions: Record<string, Distribution>): void {
    const stack = Stack.of(this);
    bucket.addLifecycleRule({
      id: 'CloudFrontLogs',
      prefix: `${CLOUDFRONT_LOG_PREFIX}/`,
      expiration: Duration.days(CLOUDFRONT_LOG_DAYS),
    });
    const inUsEast1 = new CfnCondition(this, 'CloudFrontLogsRegion', {
      expression: Fn.conditionEquals(Fn.ref('AWS::Region'), 'us-east-1'),
    });
    if (!Token.isUnresolved(stack.region) && stack.region !== 'us-east-1') {
      Annotations.of(this).addWarningV2(
        'portal:cloudfront-logs-region',
        `CloudFront delivers standard logs (v2) only through us-east-1: in ${stack.region} the distributions are not logged (WAF still logs what it blocks). See docs/operations.md, "Edge logs".`,
      );
    }
    const destination = new CfnDeliveryDestination(this, 'CloudFrontLogDestination', {
      name: `${stack.stackName}-cloudfront`,
      destinationResourceArn: `${bucket.bucketArn}/${CLOUDFRONT_LOG_PREFIX}`,
      outputFormat: 'json',
    });
    destination.cfnOptions.condition = inUsEast1;
    // CloudWatch's log delivery writes the files, only under the prefix, only for this account's delivery sources.
    bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontLogDelivery',
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(`${CLOUDFRONT_LOG_PREFIX}/*`)],
        conditions: {
          StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({ service: 'logs', resource: 'delivery-source', resourceName: '*' }),
          },
        },
      }),
    );
    for (const [name, distribution] of Object.entries(distributions)) {
      const source = new CfnDeliverySource(this, `${name}LogSource`, {
        name: `${stack.stackName}-${name.toLowerCase()}`,
        logType: 'ACCESS_LOGS',
        resourceArn: distribution.distributionArn,
      });
      source.cfnOptions.condition = inUsEast1;
      const delivery = new CfnDelivery(this, `${name}LogDelivery`, {
        deliverySourceName: source.ref,
        deliveryDestinationArn: destination.attrArn,
        recordFields: [...CLOUDFRONT_LOG_FIELDS],
      });
      delivery.cfnOptions.condition = inUsEast1;
    }
  }

  private acknowledgeDistribution(distribution: Distribution): void {
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'No geo restriction: the firms and their clients use the portal from Chile and abroad (travel, foreign ' +
        'shareholders); access is controlled by authentication, not by country.',
    });
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR3',
      reason:
        'Logged by standard logging v2 (CloudWatch log delivery into the log bucket, fields chosen to leave out the ' +
        'URI, query string and Referer, which carry link tokens); cdk-nag reads only the legacy setting, whose lines ' +
        'always record the query string.',
    });
  }

  /**
   * Vite puts every hashed file under assets/: cached for a year, immutable, and never pruned (a browser still on the
   * previous index.html may yet load its lazy chunks). Everything else (index.html, public/ files) is revalidated on
   * each load and pruned, and the cached index.html is invalidated. The assets go first, so the new index.html never
   * points at files that are not there yet.
   */
  private deploySite(webDist: string): void {
    const hashed = path.join(webDist, 'assets');
    const assets = existsSync(hashed)
      ? new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(hashed)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    const site = new BucketDeployment(this, 'DeploySite', {
      sources: [Source.asset(webDist, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/', '/index.html'],
      memoryLimit: 512,
    });
    if (assets) site.node.addDependency(assets);
    this.acknowledgeDeploymentProvider(site);
  }

  /** The BucketDeployment's provider function and role are CDK's own; cdk-nag flags what they are made of. */
  private acknowledgeDeploymentProvider(deployment: BucketDeployment): void {
    const role = deployment.handlerRole;
    const provider = role.node.scope as Construct;
    const because = (what: string) =>
      `CDK's BucketDeployment provider (runs only during deployments to copy web/dist into the site bucket): ${what}`;
    Validations.of(provider).acknowledge({
      id: 'AwsSolutions-L1',
      reason: because('its Python runtime is chosen by aws-cdk-lib and moves with it.'),
    });
    Validations.of(provider).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: because('the AWS managed basic execution policy only lets it write its own logs.'),
    });
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      Validations.of(provider).acknowledge({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: because('CDK grants it read on the staged assets and read/write/prune on the site bucket.'),
      });
    }
    const policy = role.node.tryFindChild('DefaultPolicy') as Policy | undefined;
    for (const id of policy ? wildcardResourceFindings(policy) : []) {
      Validations.of(provider).acknowledge({
        id,
        reason: because(
          'every object of the CDK asset bucket prefix and of the site bucket (it syncs whole folders), and ' +
            'CloudFront invalidations, whose IAM actions take no resource ARN.',
        ),
      });
    }
  }
}
