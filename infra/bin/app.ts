import { App } from 'aws-cdk-lib';
import { contracts } from '../../shared/contracts';
import { buildPortal } from '../portal';

/** `npx cdk synth` / `npx cdk deploy --all`: context values are described in docs/deploy.md. */
const app = new App();
buildPortal(app, { contracts });
app.synth();
