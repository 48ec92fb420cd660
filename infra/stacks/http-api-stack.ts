import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { HttpApiGateway } from '../constructs/api';

/** The HTTP API and its stage. Its routes and functions live in the API stacks (see api-chunks.ts). */
export class HttpApiStack extends Stack {
  readonly gateway: HttpApiGateway;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    this.gateway = new HttpApiGateway(this, 'Api');
    new CfnOutput(this, 'ApiEndpoint', { value: this.gateway.httpApi.apiEndpoint });
  }
}
