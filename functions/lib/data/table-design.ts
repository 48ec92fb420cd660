/**
 * The table's physical design, read by infra/ (CDK) and local/ (DynamoDB Local) so both build the same table.
 * docs/data-model.md lists which items use which index.
 */
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expires_at',
  /**
   * Listing indexes of the first design. No item writes their keys any more: lists read listing directories
   * (directory.ts, docs/data-model.md). They stay declared until the infra drops them in a change of its own.
   */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  listAttributes: [
    'uuid',
    'search_text',
    'name_sort',
    'enable',
    'updated',
    'created',
    'project_uuid',
    'group_uuid',
    'user_role',
  ],
} as const;

/** Cognito settings both the CDK user pool and the local one use (spec: 8 to 100 chars, upper, lower, digit, symbol). */
export const AUTH_DESIGN = {
  passwordMinLength: 8,
  accessTokenMinutes: 60,
  refreshTokenHours: 24,
} as const;
