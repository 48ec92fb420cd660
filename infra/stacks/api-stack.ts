import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { Contract } from '../../shared/contracts/define';
import { ApiEndpoints, type Backend } from '../constructs/api';
import type { EdgeTenancy } from '../constructs/web';
import type { Permissions } from '../permissions';
import type { EmbeddingSettings } from '../settings';

export interface ApiStackProps extends StackProps {
  httpApi: IHttpApi;
  backend: Backend;
  /** This stack's chunk of the contract table (api-chunks.ts decides which). */
  contracts: readonly Contract[];
  originSecret: ISecret;
  permissions?: Readonly<Record<string, Permissions>>;
  embedding?: EmbeddingSettings;
  chatbotModelId?: string;
  contactEmail?: string;
  listIndexesOff?: boolean;
  edge?: EdgeTenancy;
}

/** Routes and functions of one chunk of contracts. */
export class ApiStack extends Stack {
  readonly endpoints: ApiEndpoints;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.endpoints = new ApiEndpoints(this, 'Endpoints', {
      httpApi: props.httpApi,
      backend: props.backend,
      contracts: props.contracts,
      originSecret: props.originSecret,
      permissions: props.permissions,
      embedding: props.embedding,
      chatbotModelId: props.chatbotModelId,
      contactEmail: props.contactEmail,
      listIndexesOff: props.listIndexesOff,
      edge: props.edge,
    });
  }
}
