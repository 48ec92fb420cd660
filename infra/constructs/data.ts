import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DESIGN } from '../../functions/lib/data/table-design';

/**
 * The portal's one DynamoDB table, built from TABLE_DESIGN (the same design local/ gives DynamoDB Local): generic
 * pk/sk keys, the GSIs, and the TTL attribute. On-demand, point-in-time recovery, deletion protection, retained on
 * stack deletion.
 */
export class Data extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_DESIGN.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DESIGN.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      encryption: TableEncryptionV2.dynamoOwnedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: TABLE_DESIGN.ttlAttribute,
      globalSecondaryIndexes: TABLE_DESIGN.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** ARNs of the table's indexes, one by one (grants name them instead of `index/*`). */
  indexArns(): string[] {
    return TABLE_DESIGN.indexes.map((index) => `${this.table.tableArn}/index/${index.name}`);
  }
}
