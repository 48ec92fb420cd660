import { Alert, Button, Card, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { chatbotQuestionSchema } from '@shared/contracts/chatbot';
import { es, messageForError } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { type ChatbotAnswer, useAskChatbot } from '@/features/support/api/ask-chatbot';

const t = es.chatbot;

const RULES = contractRules<{ question: string }>([chatbotQuestionSchema], { question: messages.text });

interface Exchange {
  id: number;
  question: string;
  answer: ChatbotAnswer;
}

/**
 * The tax and accounting assistant: a question, and the answer with the article it came from (never one
 * without the other); a question the knowledge base does not cover says so.
 */
export function ChatbotPanel({ headingLevel = 2 }: { headingLevel?: 1 | 2 | 3 }) {
  const [history, setHistory] = useState<Exchange[]>([]);
  const ask = useAskChatbot();
  const form = useAppForm({
    defaultValues: { question: '' },
    validators: { onChange: RULES },
    onSubmit: ({ value }) => {
      const text = value.question.trim();
      if (ask.isPending) return;
      ask.mutate(text, {
        onSuccess: (answer) => {
          setHistory((items) => [...items, { id: items.length + 1, question: text, answer }]);
          form.reset();
        },
      });
    },
  });
  const question = useStore(form.store, (state) => state.values.question);

  return (
    <Flex direction="column" gap="medium" className="portal-chatbot">
      <Heading level={headingLevel}>{t.title}</Heading>
      <Text>{t.intro}</Text>
      <Flex direction="column" gap="small" aria-live="polite" data-testid="chatbot-history">
        {history.map((exchange) => (
          <ChatExchange key={exchange.id} exchange={exchange} />
        ))}
      </Flex>
      {ask.isError ? (
        <Alert variation="error">
          {/* A spent quota says when the assistant answers again; anything else, the panel's own text. */}
          {(ask.error as { status?: number } | null)?.status === 429 ? messageForError(ask.error) : t.error}
        </Alert>
      ) : null}
      <Flex
        as="form"
        gap="small"
        alignItems="flex-end"
        wrap="wrap"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <View flex="1 1 14rem">
          <form.AppField name="question">
            {(field) => <field.TextField label={t.question} placeholder={t.placeholder} maxLength={500} />}
          </form.AppField>
        </View>
        <Button
          type="submit"
          variation="primary"
          isDisabled={!RULES.passes({ question })}
          isLoading={ask.isPending}
          loadingText={t.asking}
        >
          {t.ask}
        </Button>
      </Flex>
    </Flex>
  );
}

function ChatExchange({ exchange }: { exchange: Exchange }) {
  const { answer } = exchange;
  return (
    <Flex direction="column" gap="xs" data-testid="chatbot-exchange">
      <Card variation="outlined" className="portal-chat-question">
        <Text fontWeight="bold">{t.you}</Text>
        <Text>{exchange.question}</Text>
      </Card>
      <Card variation="elevated" className="portal-chat-answer">
        <Text fontWeight="bold">{t.bot}</Text>
        {answer.found ? (
          <>
            <Text data-testid="chatbot-answer">{answer.answer}</Text>
            {answer.generated ? (
              <Text fontSize="small" color="font.secondary">
                {t.generated}
              </Text>
            ) : null}
            <details className="portal-chat-source" data-testid="chatbot-source">
              <summary>
                {t.source}: {answer.source.title}
              </summary>
              {answer.source.body.split(/\n\s*\n/).map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
              <Text fontSize="small" color="font.secondary">
                {t.origin}: {answer.source.source}
              </Text>
            </details>
            {answer.related.length > 0 ? (
              <Text fontSize="small" color="font.secondary">
                {t.related}: {answer.related.map((a) => a.title).join(' · ')}
              </Text>
            ) : null}
          </>
        ) : (
          <Text data-testid="chatbot-no-match">{t.noMatch}</Text>
        )}
      </Card>
    </Flex>
  );
}
