/**
 * The local rehearsal of a dead-letter redrive (docs/operations.md, DeadLettersLedgerImport): the messages the local
 * stand-in kept (local/async-invoke.ts, under .local/data/dead-letters/) are invoked again on the `npm start` stack,
 * each with Lambda's retries, and taken off the queue.
 *
 *   npm run redrive:local            (the ledger import's queue; the only one the stand-in keeps)
 *   npm run redrive:local -- --list  (show the messages, redrive nothing)
 */
import { parseArgs } from 'node:util';
import { functionEnvironment } from './bootstrap';
import { DEFAULT_PORTS, serviceUrls } from './services';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { list: { type: 'boolean' } } });
  Object.assign(
    process.env,
    functionEnvironment(
      { urls: serviceUrls(DEFAULT_PORTS) },
      { userPoolId: '', userPoolClientId: '' },
      'http://localhost:5173',
    ),
  );
  // After the environment: the functions' modules read it as they load.
  const [{ LEDGER_IMPORT_JOB, eventOfDeadLetter, redriveDeadLetters }, { deadLetters }] = await Promise.all([
    import('./async-invoke'),
    import('./dead-letters'),
  ]);
  if (values.list) {
    for (const message of await deadLetters(LEDGER_IMPORT_JOB.queue))
      console.log(message.messageId, message.sentAt, JSON.stringify(eventOfDeadLetter(message)));
    return 0;
  }
  const { redriven, failedAgain } = await redriveDeadLetters(LEDGER_IMPORT_JOB);
  console.log(`${LEDGER_IMPORT_JOB.queue}: ${redriven} redriven, ${failedAgain} failed again (back in the queue).`);
  return failedAgain > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
