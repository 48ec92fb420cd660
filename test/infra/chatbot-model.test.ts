import { beforeAll, describe, expect, it } from 'vitest';
import { actionsOf, contractById, roleStatements, type Synthesized, synthSample, variablesOf } from './helpers';

/**
 * The chatbot's Bedrock model and the contact form's address are per deployment (CDK context
 * `bedrockModelId`, `contactEmail`; docs/deploy.md). Without them nothing is set: the chatbot answers from retrieval
 * alone and the contact form mails the sender address. With them, only the chatbot may invoke exactly that model.
 */
const SAMPLE = ['askChatbot', 'postContactEmail', 'postSupportTicket'].map(contractById);
const MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';

const synth = (context: Record<string, unknown>) => synthSample(SAMPLE, context);
const bedrockStatements = (synthesized: Synthesized, contractId: string) =>
  roleStatements(synthesized.stacks, contractId).filter((s) => actionsOf(s).some((a) => a.startsWith('bedrock:')));

describe('without context', () => {
  let none: Synthesized;
  beforeAll(() => {
    none = synth({});
  });

  it('sets no model or contact address and grants no Bedrock action', () => {
    for (const { id } of SAMPLE) {
      expect(variablesOf(none, id), id).not.toHaveProperty('BEDROCK_MODEL_ID');
      expect(variablesOf(none, id), id).not.toHaveProperty('CONTACT_EMAIL');
      expect(bedrockStatements(none, id), id).toEqual([]);
    }
  });
});

describe('with a model and a contact address', () => {
  let both: Synthesized;
  beforeAll(() => {
    both = synth({ bedrockModelId: MODEL, contactEmail: 'contacto@firma.cl' });
  });

  it('lets the chatbot, and only the chatbot, invoke exactly that foundation model', () => {
    expect(variablesOf(both, 'askChatbot')).toMatchObject({ BEDROCK_MODEL_ID: MODEL });
    const [statement, ...more] = bedrockStatements(both, 'askChatbot');
    expect(more).toEqual([]);
    expect(actionsOf(statement as never)).toEqual(['bedrock:InvokeModel']);
    expect(JSON.stringify(statement)).toContain(`:bedrock:`);
    expect(JSON.stringify(statement)).toContain(`::foundation-model/${MODEL}`);
    for (const id of ['postContactEmail', 'postSupportTicket']) {
      expect(variablesOf(both, id), id).not.toHaveProperty('BEDROCK_MODEL_ID');
      expect(bedrockStatements(both, id), id).toEqual([]);
    }
  });

  it('mails the contact form to the configured address', () => {
    expect(variablesOf(both, 'postContactEmail')).toMatchObject({ CONTACT_EMAIL: 'contacto@firma.cl' });
  });

  it('refuses a malformed model id or address at synth', () => {
    expect(() => synth({ bedrockModelId: 'arn:aws:bedrock:*' })).toThrow(/bedrockModelId/);
    expect(() => synth({ contactEmail: 'no es correo' })).toThrow(/contactEmail/);
  });
});
