import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { ARTICLE_LIMITS, chatbotArticleBodySchema, type listChatbotArticles } from '@shared/contracts/chatbot';
import type { ResponseOf } from '@shared/contracts/define';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { AdminTable } from '@/components/admin/admin-table';
import { formatDate } from '@/components/admin/format';
import { ListPage } from '@/components/admin/list-page';
import { Modal } from '@/components/admin/modal';
import { SelectionList } from '@/components/admin/selection-list';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { myProjectsPickerSource } from '@/lib/api/list-my-projects';
import { type ArticleFields, useCreateArticle } from '../api/create-article';
import { useDeleteArticle } from '../api/delete-article';
import { useArticles } from '../api/list-articles';
import { usePatchArticle } from '../api/patch-article';

const t = es.chatbotArticles;
type Article = ResponseOf<typeof listChatbotArticles>['results'][number];

/** The three fields trimmed, as the create and the change send them. */
const articleBody = (fields: ArticleFields): ArticleFields => ({
  title: fields.title.trim(),
  body: fields.body.trim(),
  source: fields.source.trim(),
});
const RULES = contractRules<ArticleFields>(
  [chatbotArticleBodySchema],
  { title: messages.text, body: messages.text, source: messages.text },
  articleBody,
);

/**
 * /admin/chatbot: the articles the assistant answers from. The list is the shared one (all firms, kept by the
 * SUPER_ADMIN; a PROJECT_ADMIN reads it) or a firm's own, picked among the caller's projects.
 */
export function ArticlesAdminRoute() {
  const [project, setProject] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<Article | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { data, isFetching, error, refetch } = useArticles(project);
  const remove = useDeleteArticle(project);
  const editable = data?.editable ?? false;

  return (
    <ListPage title={t.title}>
      <Text>{t.hint}</Text>
      <SelectionList
        label={t.listLabel}
        testId="chatbot-articles-list"
        source={myProjectsPickerSource()}
        multiple={false}
        allLabel={t.shared}
        selected={project ? [project] : []}
        onChange={(values) => {
          setProject(values[0] || undefined);
          setDone(null);
        }}
      />
      {data && !editable ? <Text>{t.sharedReadOnly}</Text> : null}
      <Flex gap="small" alignItems="center" wrap="wrap">
        {data ? <Text>{t.count(data.results.length, data.limit)}</Text> : null}
        {editable ? (
          <Button
            size="small"
            variation="primary"
            isDisabled={(data?.results.length ?? 0) >= ARTICLE_LIMITS.perScope}
            onClick={() => setEditing('new')}
          >
            {t.add}
          </Button>
        ) : null}
      </Flex>
      {done ? (
        <Alert variation="success" role="status" isDismissible onDismiss={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      {error ? <ServerErrors error={error} /> : null}
      <AdminTable
        label={t.tableLabel}
        rows={data?.results}
        rowKey={(article) => article.id}
        loading={isFetching}
        emptyText={t.empty}
        onChanged={() => {
          setDone(t.deleted);
          refetch();
        }}
        columns={[
          { header: t.columns.title, cell: (article) => article.title },
          { header: t.columns.source, cell: (article) => article.source },
          { header: t.columns.updated, cell: (article) => formatDate(article.updated) },
          ...(editable
            ? [
                {
                  header: t.columns.edit,
                  cell: (article: Article) => (
                    <Button size="small" aria-label={t.editFor(article.title)} onClick={() => setEditing(article)}>
                      {t.edit}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
        actions={
          editable
            ? (article) => ({
                name: article.title,
                remove: { confirm: t.deleteConfirm(article.title), run: () => remove.mutateAsync(article.id) },
              })
            : undefined
        }
      />
      <ArticleDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        project={project}
        target={editing}
        onClose={() => setEditing(null)}
        onDone={(message) => {
          setEditing(null);
          setDone(message);
        }}
      />
    </ListPage>
  );
}

/** The article's three fields, new or edited; the contract's limits bound each field. */
function ArticleDialog({
  project,
  target,
  onClose,
  onDone,
}: {
  project: string | undefined;
  target: Article | 'new' | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const existing = target && target !== 'new' ? target : undefined;
  const create = useCreateArticle(project);
  const patch = usePatchArticle(project);
  // Keyed by its target: each opens from the article's values (or empty) and without a previous error.
  const [initial] = useState<ArticleFields>(() => ({
    title: existing?.title ?? '',
    body: existing?.body ?? '',
    source: existing?.source ?? '',
  }));
  const form = useAppForm({
    defaultValues: initial,
    validators: { onChange: RULES },
    onSubmit: ({ value }) => {
      const body = articleBody(value);
      if (existing) patch.mutate({ uuid: existing.id, ...body }, { onSuccess: () => onDone(t.saved(body.title)) });
      else create.mutate(body, { onSuccess: () => onDone(t.created(body.title)) });
    },
  });
  const values = useStore(form.store, (state) => state.values);
  // The submit state is the mutations'.
  const saving = create.isPending || patch.isPending;
  return (
    <Modal
      open={target !== null}
      title={existing ? t.editTitle : t.createTitle}
      onClose={onClose}
      actions={
        <>
          <Button size="small" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button
            size="small"
            variation="primary"
            isDisabled={!RULES.passes(values) || saving}
            onClick={() => void form.handleSubmit()}
          >
            {t.save}
          </Button>
        </>
      }
    >
      <form.AppField name="title">
        {(field) => <field.TextField label={t.fields.title} maxLength={ARTICLE_LIMITS.title} />}
      </form.AppField>
      <form.AppField name="body">
        {(field) => (
          <field.TextAreaField
            label={t.fields.body}
            descriptiveText={t.fields.bodyHint}
            rows={8}
            maxLength={ARTICLE_LIMITS.body}
          />
        )}
      </form.AppField>
      <form.AppField name="source">
        {(field) => (
          <field.TextField
            label={t.fields.source}
            descriptiveText={t.fields.sourceHint}
            maxLength={ARTICLE_LIMITS.source}
          />
        )}
      </form.AppField>
      {create.error ? <ServerErrors error={create.error} /> : null}
      {patch.error ? <ServerErrors error={patch.error} /> : null}
    </Modal>
  );
}
