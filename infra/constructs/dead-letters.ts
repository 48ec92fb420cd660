import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** How long a failed event waits in its dead-letter queue for a look and a redrive (SQS's maximum). */
export const DEAD_LETTER_RETENTION = Duration.days(14);

/**
 * The dead-letter queue of one asynchronous path (a schedule, an EventBridge rule, a function's async invocations):
 * encrypted, TLS only, kept 14 days. What lands there is what the retries gave up on; an alarm watches its depth
 * (constructs/monitoring.ts) and docs/operations.md says how to look and redrive.
 */
export function deadLetterQueue(scope: Construct, id: string): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: DEAD_LETTER_RETENTION,
  });
  // cdk-nag asks every queue for a DLQ of its own unless another queue names it; this one is the end of the line.
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: 'A dead-letter queue itself (of a schedule, a rule or a function): nothing further to dead-letter to.',
  });
  return queue;
}
