/**
 * Locally, S3 sends no events and nothing invokes a function asynchronously: the local stack registers here what
 * stands in for a ledger upload's "Object Created" event reaching the import job (local/async-invoke.ts: the job's
 * handler with Lambda's retries, then the local dead letters). Never registered in AWS, where S3 and EventBridge do it.
 */
export type ObjectCreatedListener = (bucket: string, key: string) => void;

let listener: ObjectCreatedListener | undefined;

export const onLocalObjectCreated = (next: ObjectCreatedListener | undefined) => {
  listener = next;
};

export const localObjectCreatedListener = (): ObjectCreatedListener | undefined => listener;
