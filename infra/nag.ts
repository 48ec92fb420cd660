import { Stack } from 'aws-cdk-lib';
import type { Policy } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag names each wildcard finding after the template value it resolves to (e.g. `<Bucket1234.Arn>/*`), and
 * cdk-nag 3 acknowledges findings one by one, so acknowledgments must spell that name. These helpers compute it the
 * way cdk-nag does (its flattenCfnReference), instead of copying generated logical ids into the code.
 */
export function flattenReference(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
    return items.map(flattenReference).join(delimiter);
  }
  if (node['Fn::Sub']) return flattenReference(node['Fn::Sub']);
  if (node['Fn::GetAtt']) {
    const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
    return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
  }
  if (node['Fn::ImportValue']) return flattenReference(node['Fn::ImportValue']);
  if (node.Ref) return `<${flattenReference(node.Ref)}>`;
  return JSON.stringify(value);
}

/** The AwsSolutions-IAM5 finding id of a wildcard resource (an ARN string, tokens allowed) used in `scope`'s stack. */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenReference(Stack.of(scope).resolve(resource))}]`;
}

/** The AwsSolutions-IAM5 finding ids of every wildcard resource in a policy (as cdk-nag will report them). */
export function wildcardResourceFindings(policy: Policy): string[] {
  const document = Stack.of(policy).resolve(policy.document.toJSON()) as {
    Statement?: Array<{ Effect: string; Resource?: unknown }>;
  };
  const findings = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    const resources = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
    for (const resource of resources) {
      const flat = flattenReference(resource);
      if (flat.includes('*')) findings.add(`AwsSolutions-IAM5[Resource::${flat}]`);
    }
  }
  return [...findings];
}
